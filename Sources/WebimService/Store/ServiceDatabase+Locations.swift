import Foundation
import GRDB
import HTTPAPI
import WebimWire

/// Locations, departments, operators, online status and visitor flags.
extension ServiceDatabase {
    /// Writes what scenario files define: operators always (names may change), departments and online status
    /// only where the database has none yet, so that the console's changes survive a restart.
    func seedLocations(_ definitions: [LocationDefinition]) throws {
        try writeNow { db in
            for definition in definitions {
                for item in definition.operators { try OperatorRecord(item).upsert(db) }
                try LocationStatusRecord(location: definition.name, onlineStatus: definition.onlineStatus)
                    .insert(db, onConflict: .ignore)
                for (position, department) in definition.departments.enumerated() {
                    try DepartmentRecord(
                        location: definition.name,
                        key: department.key,
                        name: department.name,
                        online: department.online ?? OnlineStatusValue.online,
                        position: department.order ?? position,
                        logo: department.logo,
                        localeToName: try department.localeToName.map(MessageRecord.jsonText)
                    ).insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// Creates or renames an operator.
    func saveOperator(_ item: OperatorItem) async throws {
        try await write { db in try OperatorRecord(item).upsert(db) }
    }

    /// Every known operator.
    func operators() async throws -> [OperatorItem] {
        try await read { db in try OperatorRecord.order(OperatorRecord.Columns.id).fetchAll(db).map(\.wireItem) }
    }

    /// A location's departments in display order.
    func departments(location: String) async throws -> [DepartmentItem] {
        try await read { db in
            try DepartmentRecord.filter(DepartmentRecord.Columns.location == location)
                .order(DepartmentRecord.Columns.position).fetchAll(db).map(\.wireItem)
        }
    }

    /// Sets a department's online status; false if the department does not exist.
    func setDepartmentStatus(location: String, key: String, online: String) async throws -> Bool {
        try await write { db in
            guard var department = try DepartmentRecord.fetchOne(db, key: ["location": location, "key": key]) else {
                return false
            }
            department.online = online
            try department.update(db)
            return true
        }
    }

    /// A location's online status; `online` for a location nobody defined.
    func onlineStatus(location: String) async throws -> String {
        try await read { db in
            try LocationStatusRecord.fetchOne(db, key: location)?.onlineStatus ?? OnlineStatusValue.online
        }
    }

    /// Sets a location's online status.
    func setOnlineStatus(location: String, status: String) async throws {
        try await write { db in try LocationStatusRecord(location: location, onlineStatus: status).save(db) }
    }

    /// The ids of a location's visitors.
    func visitorIDs(location: String) async throws -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                VisitorRecord.filter(VisitorRecord.Columns.location == location).select(VisitorRecord.Columns.id)
            )
        }
    }

    /// Bans or unbans a visitor; false if there is no such visitor.
    func setBanned(visitorID: String, banned: Bool) async throws -> Bool {
        try await write { db in
            guard var visitor = try VisitorRecord.fetchOne(db, key: visitorID) else { return false }
            visitor.banned = banned
            try visitor.update(db)
            return true
        }
    }

    /// Pauses or resumes a visitor's scenario; false if there is no such visitor.
    func setScenarioPaused(visitorID: String, paused: Bool) async throws -> Bool {
        try await write { db in
            guard var visitor = try VisitorRecord.fetchOne(db, key: visitorID) else { return false }
            visitor.scenarioPaused = paused
            try visitor.update(db)
            return true
        }
    }

    /// Registers a `provided_auth_token` as the site's backend would.
    func registerProvidedAuthToken(_ token: String, name: String?) async throws {
        try await write { db in
            try ProvidedAuthTokenRecord(token: token, name: name, createdAt: clock.now()).save(db)
        }
    }

    /// Whether a `provided_auth_token` was registered.
    func isRegistered(providedAuthToken token: String) async throws -> Bool {
        try await read { db in try ProvidedAuthTokenRecord.fetchOne(db, key: token) != nil }
    }

    /// A file's row, whoever's it is.
    func file(guid: String) async throws -> FileRecord? {
        try await read { db in try FileRecord.fetchOne(db, key: guid) }
    }
}

extension OperatorRecord {
    init(_ item: OperatorItem) {
        self.init(
            id: item.id,
            fullname: item.fullname,
            avatar: item.avatar,
            title: item.title,
            additionalInfo: item.additionalInfo
        )
    }
}

extension DepartmentRecord {
    /// The wire form (PROTOCOL.md §4.9).
    var wireItem: DepartmentItem {
        DepartmentItem(
            key: key,
            name: name,
            online: online,
            order: position,
            localeToName: localeToName.flatMap {
                try? WireCoding.makeDecoder().decode([String: String].self, from: Data($0.utf8))
            },
            logo: logo
        )
    }
}
