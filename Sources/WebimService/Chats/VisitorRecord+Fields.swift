import Foundation
import WebimWire

/// A visitor's fields as the protocol and the console show them, and the visit state they rest in without a chat.
extension VisitorRecord {
    /// The visitor's fields, with `name` always present.
    var fieldValues: [String: String] {
        var values = (try? WireCoding.makeDecoder().decode([String: String].self, from: Data(fields.utf8))) ?? [:]
        values["name"] = name
        return values
    }

    /// The opaque `visitor` object the client echoes on its next init.
    var wireObject: JSONValue {
        .object(["id": .string(id), "fields": .object(fieldValues.mapValues(JSONValue.string))])
    }

    /// Merges fields into the visitor's, taking `name` as the display name.
    mutating func merge(fields merged: [String: String]) {
        var current = (try? WireCoding.makeDecoder().decode([String: String].self, from: Data(fields.utf8))) ?? [:]
        current.merge(merged) { $1 }
        if let name = merged["name"] ?? merged["display_name"], !name.isEmpty { self.name = name }
        fields = (try? MessageRecord.jsonText(current)) ?? fields
    }

    /// The visit state without an open chat: the offline form, department selection, or idle.
    func restingState(onlineStatus: String, hasDepartments: Bool) -> String {
        if !OnlineStatusValue.isOnline(onlineStatus) { return VisitSessionStateValue.offlineMessage }
        if hasDepartments { return VisitSessionStateValue.departmentSelection }
        let hadChat = [VisitSessionStateValue.chat, VisitSessionStateValue.idleAfterChat].contains(visitState)
        return hadChat ? VisitSessionStateValue.idleAfterChat : VisitSessionStateValue.idle
    }
}
