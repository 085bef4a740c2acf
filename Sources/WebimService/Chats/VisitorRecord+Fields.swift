import Foundation
import WebimWire

/// A visitor's fields as the protocol and the console show them, and the visit state they rest in without a chat.
extension VisitorRecord {
    /// The visitor's fields, with `name` always present.
    var fieldValues: [String: String] {
        var values = Self.decodedFields(fields)
        values["name"] = name
        return values
    }

    /// The opaque `visitor` object the client echoes on its next init.
    var wireObject: JSONValue {
        .object(["id": .string(id), "fields": .object(fieldValues.mapValues(JSONValue.string))])
    }

    /// The most fields a visitor keeps, signed ones included, and the longest name and value of one (characters):
    /// what a site's custom fields and a contacts form need, and a bound on what `chat.start`, `chat.cont_resp` and
    /// an offline message can make the visitor's row hold.
    static let maximumFieldCount = 50
    static let maximumFieldNameLength = 64
    static let maximumFieldValueLength = 1_000
    /// How often anything the visitor sends may change their e-mail.
    static let maximumEmailChanges = 3
    /// The longest push token kept, in UTF-8 bytes: APNs and FCM tokens are a few hundred characters at most.
    static let maximumPushTokenBytes = 4_096

    /// Merges fields the visitor sent (custom fields, contacts, an offline form's) into theirs, taking `name` as the
    /// display name. A field the site signed stays as signed; an e-mail changes at most `maximumEmailChanges` times
    /// (`email-changed-too-many-times`); a field past the bounds above is `wrong-argument-value`, and then nothing
    /// is merged.
    mutating func merge(fields merged: [String: String]) throws {
        let signed = Self.decodedFields(signedFields)
        let given = merged.filter { signed[$0.key] == nil }
        guard
            given.allSatisfy({
                $0.key.count <= Self.maximumFieldNameLength && $0.value.count <= Self.maximumFieldValueLength
            })
        else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        var current = Self.decodedFields(fields)
        if let email = given["email"], let before = current["email"], email != before {
            guard emailChanges < Self.maximumEmailChanges else {
                throw ProtocolFailure(WireError.emailChangedTooManyTimes)
            }
            emailChanges += 1
        }
        current.merge(given) { $1 }
        guard current.count <= Self.maximumFieldCount else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        let signsName = signed["name"] != nil || signed["display_name"] != nil
        if !signsName, let name = given["name"] ?? given["display_name"], !name.isEmpty {
            self.name = name
        }
        fields = (try? MessageRecord.jsonText(current)) ?? fields
    }

    /// Takes a verified `visitor-ext`'s fields: they replace the signed ones before them and win over every field
    /// of the same name. Nothing for an anonymous visitor (no fields).
    mutating func sign(fields signed: [String: String]) {
        guard !signed.isEmpty else { return }
        var current = Self.decodedFields(fields)
        current.merge(signed) { $1 }
        fields = (try? MessageRecord.jsonText(current)) ?? fields
        signedFields = (try? MessageRecord.jsonText(signed)) ?? signedFields
        if let name = signed["display_name"] ?? signed["name"], !name.isEmpty { self.name = name }
    }

    private static func decodedFields(_ text: String) -> [String: String] {
        (try? WireCoding.makeDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }

    /// The visit state without an open chat: the offline form, department selection, or idle.
    func restingState(onlineStatus: String, hasDepartments: Bool) -> String {
        if !OnlineStatusValue.isOnline(onlineStatus) { return VisitSessionStateValue.offlineMessage }
        if hasDepartments { return VisitSessionStateValue.departmentSelection }
        let hadChat = [VisitSessionStateValue.chat, VisitSessionStateValue.idleAfterChat].contains(visitState)
        return hadChat ? VisitSessionStateValue.idleAfterChat : VisitSessionStateValue.idle
    }
}
