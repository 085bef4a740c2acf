import Foundation

extension SessionCore {
    /// Loads the stored visitor and the outbox, so a restarted process resumes where it was (PROTOCOL.md §2.4).
    ///
    /// A different provided visitor than the one stored means another person: everything stored is wiped first.
    func restoreFromHistory() {
        do {
            let providedID = settings.providedVisitorID ?? ""
            var stored = try history.values()
            if let storedProvidedID = stored[.providedVisitorID], storedProvidedID != providedID {
                try history.wipe()
                stored = [:]
            }
            identity = VisitorIdentity(location: identity.location, stored: stored, newDeviceID: UUID().uuidString)
            // One write, and none when nothing is new: each is a commit synced to disk.
            var changes: [(VisitorValueKey, String?)] = []
            if stored[.providedVisitorID] != providedID { changes.append((.providedVisitorID, providedID)) }
            if stored[.deviceID] == nil { changes.append((.deviceID, identity.deviceID)) }
            if !changes.isEmpty { try history.set(changes) }
            historySync.state = HistorySync(stored: stored)
            for entry in try history.outbox() {
                guard let request = OutboxRequest(record: entry) else { continue }
                // An entry this version cannot show is still delivered: only its bubble is missing until it is sent.
                do {
                    let message = try request.sendingMessage(id: entry.clientSideId, timeMicros: entry.tsMicros)
                    tracker.addSending(message, in: self)
                } catch {
                    log(.error, .messageHistory, "could not show a pending message: \(error)")
                }
                actions.enqueue(QueuedAction(outbox: entry.clientSideId, request: request), in: self)
            }
        } catch {
            log(.error, .messageHistory, "could not read local history: \(error)")
        }
    }
}
