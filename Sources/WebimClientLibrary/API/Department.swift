public import Foundation

/// A department the visitor can start a chat with.
public protocol Department: Sendable {
    /// The key for `startChat(departmentKey:)`.
    func getKey() -> String
    /// The public name.
    func getName() -> String
    /// Whether its operators are online.
    func getDepartmentOnlineStatus() -> DepartmentOnlineStatus
    /// Its place in the list; higher comes first.
    func getOrder() -> Int
    /// Names by locale.
    func getLocalizedNames() -> [String: String]?
    /// EN: the logo's URL.
    func getLogo() -> URL?
}

extension Department {
    /// v3's name for `getLogo()`.
    public func getLogoURL() -> URL? { getLogo() }
}

/// An operator.
public protocol Operator: Sendable {
    /// The operator's id.
    func getID() -> String
    /// The display name.
    func getName() -> String
    /// The avatar's URL.
    func getAvatarURL() -> URL?
    /// v3: the operator's title.
    func getTitle() -> String?
    /// iOS 4.0: additional information about the operator.
    func getInfo() -> String?
}

/// Settings of the location (PROTOCOL.md §3.2 `hintsEnabled`).
public protocol LocationSettings: Sendable {
    /// Whether the app should offer hint questions.
    func areHintsEnabled() -> Bool
}
