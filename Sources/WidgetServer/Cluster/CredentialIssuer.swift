import Foundation
import HTTPAPI
import WebimClientLibrary

/// Seals a tab's visitor for its page each time the client core tells it (after each full update), with what the
/// tab was opened with, valid for as long as the tab's data is kept.
struct CredentialIssuer: Sendable {
    let seal: CredentialSeal
    let retention: Duration
    let tabID: String
    let options: TabSession.Options
    let isKiosk: Bool
    /// The server's clock, which a credential's expiry counts from.
    let clock: ServerClock

    /// `visitor`'s credential, sealed, as of the clock's now.
    func sealed(_ visitor: VisitorHandoff) throws -> SealedCredential {
        let expiresAt = Int64(clock.now()) + retention.components.seconds
        let text = try seal.seal(
            VisitorCredential(
                tabID: tabID,
                location: options.location,
                visitor: visitor,
                visitorFields: options.visitorFields,
                departmentKey: options.departmentKey,
                isKiosk: isKiosk,
                expiresAt: expiresAt
            )
        )
        return SealedCredential(credential: text, expires: expiresAt)
    }
}
