import WebimWire

/// A location's and its departments' online status, set from the console or a scenario, and what every visitor of
/// the location is told of it.
struct LocationStatus: Sendable {
    let database: ServiceDatabase
    let changes: VisitorChanges

    /// Sets a location's online status; its visitors without an open chat get their new resting state.
    func setOnlineStatus(location name: String, status: String) async throws {
        guard OnlineStatusValue.all.contains(status) else {
            throw OperatorActionError.badInput(
                field: "onlineStatus",
                reason: "one of \(OnlineStatusValue.all.sorted())"
            )
        }
        try await database.setOnlineStatus(location: name, status: status)
        let hasDepartments = !(try await database.departments(location: name)).isEmpty
        for visitorID in try await database.visitorIDs(location: name) {
            try await changes.commit(visitorID: visitorID) { change in
                guard try change.openChat() == nil else { return }
                let state = change.visitor.restingState(onlineStatus: status, hasDepartments: hasDepartments)
                guard state != change.visitor.visitState else { return }
                change.visitor.visitState = state
                try change.append(.visitSessionState, data: .string(state))
            }
        }
        await changes.events.publish(ConsoleEvent(kind: "location.changed", visitorID: nil, revision: nil))
    }

    /// Sets a department's online status: DEPARTMENT_LIST to the location's visitors.
    func setDepartmentStatus(location name: String, key: String, online: String) async throws {
        guard OnlineStatusValue.all.contains(online) else {
            throw OperatorActionError.badInput(field: "online", reason: "one of \(OnlineStatusValue.all.sorted())")
        }
        guard try await database.setDepartmentStatus(location: name, key: key, online: online) else {
            throw OperatorActionError.notFound("department")
        }
        let list = try WireCoding.jsonValue(of: try await database.departments(location: name))
        for visitorID in try await database.visitorIDs(location: name) {
            try await changes.commit(visitorID: visitorID) { change in try change.append(.departmentList, data: list) }
        }
    }
}
