import Foundation
import WebimWire

// The stream state's setters: each changes the state and says what changed, so that the session tells the
// listeners; setting what is already there changes nothing and reports nothing.
extension StreamState {
    mutating func set(chatState new: ChatState) -> [StreamChange] {
        guard new != chatState else { return [] }
        let previous = chatState
        chatState = new
        var changes: [StreamChange] = []
        if new == .closed || new == .unknown {
            // PROTOCOL.md §3.4: only `closed` and unknown states also clear the operator and typing.
            changes += set(operator: nil)
            changes += set(operatorTyping: false)
        }
        return changes + [.chatState(from: previous, to: new)]
    }

    mutating func set(visitSessionState new: VisitSessionState) -> [StreamChange] {
        let offline = new == .offlineMessage ? set(onlineStatus: .offline) : []
        guard new != visitSessionState else { return offline }
        let previous = visitSessionState
        visitSessionState = new
        return offline + [.visitSessionState(from: previous, to: new)]
    }

    mutating func set(operator new: OperatorImpl?) -> [StreamChange] {
        guard new != currentOperator else { return [] }
        let previous = currentOperator
        currentOperator = new
        return [.currentOperator(from: previous, to: new)]
    }

    mutating func set(operatorTyping new: Bool) -> [StreamChange] {
        guard new != isOperatorTyping else { return [] }
        isOperatorTyping = new
        return [.operatorTyping(new)]
    }

    mutating func set(onlineStatus new: OnlineStatus) -> [StreamChange] {
        guard new != onlineStatus else { return [] }
        let previous = onlineStatus
        onlineStatus = new
        return [.onlineStatus(from: previous, to: new)]
    }

    mutating func set(departments new: [DepartmentImpl]) -> [StreamChange] {
        guard new != departments else { return [] }
        departments = new
        return [.departments(new)]
    }

    mutating func set(hintsEnabled: Bool) -> [StreamChange] {
        let new = LocationSettingsImpl(hintsEnabled: hintsEnabled)
        guard new != locationSettings else { return [] }
        let previous = locationSettings
        locationSettings = new
        return [.locationSettings(from: previous, to: new)]
    }

    mutating func set(unreadByOperatorSinceSeconds seconds: Double?) -> [StreamChange] {
        let date = seconds.map { Date(timeIntervalSince1970: $0) }
        guard date != unreadByOperatorTimestamp else { return [] }
        unreadByOperatorTimestamp = date
        return [.unreadByOperatorTimestamp(date)]
    }

    mutating func set(unreadByVisitorCount count: Int, sinceSeconds: Double?) -> [StreamChange] {
        var changes: [StreamChange] = []
        if count != unreadByVisitorMessageCount {
            unreadByVisitorMessageCount = count
            changes.append(.unreadByVisitorMessageCount(count))
        }
        let date = sinceSeconds.map { Date(timeIntervalSince1970: $0) }
        if date != unreadByVisitorTimestamp {
            unreadByVisitorTimestamp = date
            changes.append(.unreadByVisitorTimestamp(date))
        }
        return changes
    }

    /// Keeps a rating or a resolution answer the service reports (wire −2…2 → 1…5, PROTOCOL.md §8.4); no listener
    /// hears of it.
    mutating func keep(_ item: RatingItem) {
        if let rating = item.rating { operatorRatings[String(item.operatorId)] = rating + 3 }
        if let answer = item.answer { operatorResolutions[String(item.operatorId)] = answer }
    }
}
