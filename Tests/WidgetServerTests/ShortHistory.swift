/// A location whose new visitor starts with 300 past messages: enough pages of history to go back through, written
/// in a moment (the repository's `long-history` writes 100,000, which a loaded machine takes long over).
enum ShortHistory {
    static let location = "short-history"
    static let scenarios = [
        location: """
        {"name": "short-history", "description": "A new visitor with 300 past messages in six closed chats.",
         "operator": {"id": 90, "name": "Hannah History"},
         "history": {"messages": 300, "messagesPerChat": 50},
         "onVisitorMessage": [{"action": "say", "text": "Noted."}]}
        """
    ]
}
