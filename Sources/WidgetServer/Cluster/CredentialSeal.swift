import Crypto
import Foundation
import HTTPAPI

/// Seals a `VisitorCredential` for the page and opens the ones pages bring back: AES-256-GCM under the cluster's key,
/// with the tab id authenticated beside it, so that a credential works for its own tab only and any change to it is
/// refused. The page cannot read what it holds (the visitor's ids stay between the servers and the service).
struct CredentialSeal: Sendable {
    let key: ClusterKey

    /// Why a credential was refused; each is a 403 to the page, which then starts a new tab.
    enum Refusal: Error, Equatable {
        /// Not sealed by this deployment, changed since, or sealed for another tab.
        case forged
        case expired
    }

    /// The version in front of every sealed credential, so that a later format can be told apart.
    static let versionPrefix = "v1."
    /// Longer than any credential a server seals (its largest part, the visitor fields, came in a request body): a
    /// bound on what a request makes the server decode.
    static let maximumLength = 65_536

    /// `credential` sealed, as URL-safe text.
    func seal(_ credential: VisitorCredential) throws -> String {
        let plaintext = try JSONEncoder().encode(credential)
        let box = try AES.GCM.seal(
            plaintext,
            using: key.credentialKey,
            authenticating: Self.boundData(credential.tabID)
        )
        guard let combined = box.combined else { throw Refusal.forged }
        return Self.versionPrefix + Base64URL.encode(combined)
    }

    /// The credential `text` holds, when this deployment sealed it for `tabID` and it has not expired at `now`.
    func open(_ text: String, tabID: String, now: Date) throws(Refusal) -> VisitorCredential {
        guard text.utf8.count <= Self.maximumLength, text.hasPrefix(Self.versionPrefix),
            let combined = Base64URL.decode(String(text.dropFirst(Self.versionPrefix.count))),
            let box = try? AES.GCM.SealedBox(combined: combined),
            let plaintext = try? AES.GCM.open(box, using: key.credentialKey, authenticating: Self.boundData(tabID)),
            let credential = try? JSONDecoder().decode(VisitorCredential.self, from: plaintext),
            credential.tabID == tabID
        else { throw .forged }
        guard Int64(now.timeIntervalSince1970) < credential.expiresAt else { throw .expired }
        return credential
    }

    /// What is authenticated beside the sealed bytes: the tab the credential belongs to.
    private static func boundData(_ tabID: String) -> Data { Data("webim-widget visitor credential\u{0}\(tabID)".utf8) }
}
