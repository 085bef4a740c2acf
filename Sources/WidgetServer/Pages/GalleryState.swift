/// The states the tester's gallery (`GET /inspect?state=…`) shows in its four looks: each a scenario's location, so
/// a frame reaches it with no console script.
struct GalleryState: Sendable, Equatable {
    /// The `state` parameter's value.
    var name: String
    /// The link's words.
    var caption: String
    /// The scenario's location.
    var location: String
    /// What the tester does to see the state, when it is not there at once.
    var hint: String

    /// The first is shown without a `state` parameter.
    static let all: [GalleryState] = [
        GalleryState(
            name: "messages",
            caption: "Every message",
            location: "gallery",
            hint: "Every message type, keyboard and quote state, the operator's requests and the survey card."
        ),
        GalleryState(
            name: "prechat",
            caption: "Pre-chat form",
            location: "prechat",
            hint: "The location's pre-chat form, before any chat."
        ),
        GalleryState(
            name: "invitation",
            caption: "Invitation",
            location: "invitation",
            hint: "An operator's proactive invitation, a moment after a new visitor arrives."
        ),
        GalleryState(
            name: "survey-stars",
            caption: "Survey: stars",
            location: "gallery-survey-stars",
            hint: "The survey card at a stars question."
        ),
        GalleryState(
            name: "survey-radio",
            caption: "Survey: options",
            location: "gallery-survey-radio",
            hint: "The survey card at a question with options."
        ),
        GalleryState(
            name: "survey-comment",
            caption: "Survey: comment",
            location: "gallery-survey-comment",
            hint: "The survey card at a comment question."
        ),
        GalleryState(
            name: "hints",
            caption: "Hints",
            location: "hints",
            hint: "Suggested questions: type a few letters, such as “deli”."
        ),
    ]

    /// The state `name` names; nil names the first.
    static func named(_ name: String?) -> GalleryState? {
        guard let name else { return all.first }
        return all.first { $0.name == name }
    }
}
