/// Chat states (PROTOCOL.md §8.1).
public enum ChatState: Sendable, Equatable {
    case chatting
    case chattingWithRobot
    case closedByOperator
    case closedByVisitor
    case invitation
    case closed
    case queue
    case unknown
}
