public import Foundation

/// An operator.
public protocol Operator: Sendable {
    func getID() -> String
    func getName() -> String
    func getAvatarURL() -> URL?
}
