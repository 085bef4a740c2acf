import GRDB

// The rows every message reads and writes, column by column in a fixed order. GRDB's `Codable` path looks each
// column up by its lowercased name through a keyed container, and its persistence methods build their SQL text
// anew for every insert and update: under a burst of operator messages that was most of the service's change
// outside SQLite itself (`perf`). `HotRowsTests` holds each of these to what the `Codable` path reads and writes.

extension VisitorRecord {
    /// The columns `init(hotRow:)` reads, in its order.
    static let hotColumns = """
        id, deviceId, location, name, visitSessionId, revision, visitState, createdAt, providedId, \
        providedAuthToken, fields, prechatFields, pushToken, banned, scenarioPaused, emailChanges, \
        storedBytes, signedFields
        """

    /// A row of `hotColumns`.
    init(hotRow row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0),
            deviceId: try row.decode(atIndex: 1),
            location: try row.decode(atIndex: 2),
            name: try row.decode(atIndex: 3),
            visitSessionId: try row.decode(atIndex: 4),
            revision: try row.decode(atIndex: 5),
            visitState: try row.decode(atIndex: 6),
            createdAt: try row.decode(atIndex: 7),
            providedId: try row.decode(atIndex: 8),
            providedAuthToken: try row.decode(atIndex: 9),
            fields: try row.decode(atIndex: 10),
            prechatFields: try row.decode(atIndex: 11),
            pushToken: try row.decode(atIndex: 12),
            banned: try row.decode(atIndex: 13),
            scenarioPaused: try row.decode(atIndex: 14),
            emailChanges: try row.decode(atIndex: 15),
            storedBytes: try row.decode(atIndex: 16),
            signedFields: try row.decode(atIndex: 17)
        )
    }
}

extension OperatorRecord {
    static let hotColumns = "id, fullname, avatar, title, additionalInfo"

    init(hotRow row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0),
            fullname: try row.decode(atIndex: 1),
            avatar: try row.decode(atIndex: 2),
            title: try row.decode(atIndex: 3),
            additionalInfo: try row.decode(atIndex: 4)
        )
    }
}

extension ChatRecord {
    /// Every column but `id`, in the order of `hotValues`.
    static let hotValueColumns = [
        "visitorId", "clientSideId", "state", "operatorId", "operatorTyping", "creationTs", "departmentKey", "offline",
        "unreadByVisitorCount", "unreadByVisitorSinceTs", "unreadByOperatorSinceTs", "visitorTyping", "visitorDraft",
        "modificationTs",
    ]
    /// The columns `init(hotRow:)` reads: `id`, then `hotValueColumns`.
    static let hotColumns = (["id"] + hotValueColumns).joined(separator: ", ")

    init(hotRow row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0),
            visitorId: try row.decode(atIndex: 1),
            clientSideId: try row.decode(atIndex: 2),
            state: try row.decode(atIndex: 3),
            operatorId: try row.decode(atIndex: 4),
            operatorTyping: try row.decode(atIndex: 5),
            creationTs: try row.decode(atIndex: 6),
            departmentKey: try row.decode(atIndex: 7),
            offline: try row.decode(atIndex: 8),
            unreadByVisitorCount: try row.decode(atIndex: 9),
            unreadByVisitorSinceTs: try row.decode(atIndex: 10),
            unreadByOperatorSinceTs: try row.decode(atIndex: 11),
            visitorTyping: try row.decode(atIndex: 12),
            visitorDraft: try row.decode(atIndex: 13),
            modificationTs: try row.decode(atIndex: 14)
        )
    }

    /// The values of `hotValueColumns`.
    var hotValues: [(any DatabaseValueConvertible)?] {
        [
            visitorId, clientSideId, state, operatorId, operatorTyping, creationTs, departmentKey, offline,
            unreadByVisitorCount, unreadByVisitorSinceTs, unreadByOperatorSinceTs, visitorTyping, visitorDraft,
            modificationTs,
        ]
    }
}

extension MessageRecord {
    /// Every column, in the order of `hotValues`.
    static let hotColumns = [
        "id", "chatId", "visitorId", "clientSideId", "kind", "text", "name", "tsMicros", "authorId", "avatar", "edited",
        "data", "quote", "quotedMessageId", "reaction", "readByOperator", "deleted", "label", "historySeq",
    ]

    /// The values of `hotColumns`.
    var hotValues: [(any DatabaseValueConvertible)?] {
        [
            id, chatId, visitorId, clientSideId, kind, text, name, tsMicros, authorId, avatar, edited, data, quote,
            quotedMessageId, reaction, readByOperator, deleted, label, historySeq,
        ]
    }
}
