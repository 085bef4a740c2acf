import Foundation
import HTTPAPI
import WebimWire

/// Who an init names (PROTOCOL.md §2.2, §2.7): the visitor by their signed `visitor-ext` fields, a provided auth
/// token, the `visitor` object they echo, or their device; found or created.
struct VisitorIdentification: Sendable {
    let database: ServiceDatabase
    /// The account's private key for `visitor-ext` hashes.
    let accountPrivateKey: String

    /// The latest `expires` a signed record may carry, from now: a day. A site signs its logged-in visitor for
    /// minutes or hours; a bound also stops the digits at the end of the last signed value from moving into
    /// `expires` (the hash covers the values and `expires` run together), which would otherwise make a record valid
    /// for centuries or name another visitor.
    static let longestSignedLifetime: Double = 86_400

    /// Finds or creates the visitor an init names, verifying `visitor-ext` and `provided_auth_token`.
    func visitor(_ parameters: [String: String], location: LocationDefinition) async throws -> VisitorRecord {
        guard let deviceID = parameters[WireParameter.deviceID], !deviceID.isEmpty else {
            throw ProtocolFailure(WireError.argumentMissing)
        }
        var identity = VisitorIdentity(deviceID: deviceID, location: location.name, now: database.clock.now())
        identity.visitorID = parameters[WireParameter.visitor].flatMap(Self.visitorID(fromJSON:))
        if let ext = parameters[WireParameter.visitorExt], !ext.isEmpty {
            let provided = try verifiedProvidedFields(ext)
            identity.providedID = provided.visitorID
            identity.signedFields = provided.fields ?? [:]
        } else if let token = parameters[WireParameter.providedAuthToken], !token.isEmpty {
            if location.requireRegisteredAuthTokens, try await !database.isRegistered(providedAuthToken: token) {
                throw ProtocolFailure(WireError.providedAuthTokenNotFound)
            }
            identity.providedAuthToken = token
        }
        return try await database.findOrCreateVisitor(identity, seed: location.history)
    }

    /// Parses `visitor-ext` and checks its signature and expiry (PROTOCOL.md §2.7): the id from what is signed
    /// alone (`fields.id`, or the older form's top-level `id` when there are no fields), `expires` within
    /// `longestSignedLifetime`.
    private func verifiedProvidedFields(_ text: String) throws -> ProvidedVisitorFields {
        guard
            let provided = try? WireCoding.makeDecoder().decode(ProvidedVisitorFields.self, from: Data(text.utf8)),
            let fields = provided.signedFields, let id = provided.visitorID, !id.isEmpty
        else { throw ProtocolFailure(WireError.wrongProvidedVisitorHash) }
        guard let expires = provided.expires else { throw ProtocolFailure(WireError.wrongProvidedVisitorExpiresValue) }
        let valid = [
            WireSignature.visitorFieldsHash(fields: fields, expires: expires, privateKey: accountPrivateKey),
            WireSignature.legacyVisitorFieldsHash(fields: fields, expires: expires, privateKey: accountPrivateKey),
        ].contains(provided.hash?.lowercased() ?? "")
        guard valid else { throw ProtocolFailure(WireError.wrongProvidedVisitorHash) }
        let now = database.clock.now()
        guard Double(expires) > now else { throw ProtocolFailure(WireError.providedVisitorExpired) }
        guard Double(expires) <= now + Self.longestSignedLifetime else {
            throw ProtocolFailure(WireError.wrongProvidedVisitorExpiresValue)
        }
        return provided
    }

    private static func visitorID(fromJSON text: String) -> String? {
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else {
            return nil
        }
        return value["id"]?.stringValue
    }
}
