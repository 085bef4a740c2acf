import Hummingbird
import WebimWire

/// The operator console's read side: the chats and their messages as JSON (the page comes with issue 5).
struct OperatorConsoleRoutes {
    let database: ServiceDatabase

    func add(to router: Router<BasicRequestContext>) {
        router.get("/operator/api/chats") { _, _ in
            let snapshots = try await database.chatOverview(limit: 200)
            return try JSONResponse.make(snapshots.map(ConsoleChat.init))
        }
    }
}

/// A visitor and their current chat, as the console lists them.
private struct ConsoleChat: Encodable {
    var visitorId: String
    var visitorName: String
    var location: String
    var chat: ChatItem?

    init(_ snapshot: VisitorSnapshot) {
        visitorId = snapshot.visitor.id
        visitorName = snapshot.visitor.name
        location = snapshot.visitor.location
        chat = snapshot.chat
    }
}
