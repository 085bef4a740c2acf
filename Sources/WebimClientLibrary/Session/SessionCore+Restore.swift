import Foundation

extension SessionCore {
    /// Loads the stored visitor and the outbox, so a restarted process resumes where it was (PROTOCOL.md §2.4).
    ///
    /// A different provided visitor than the one stored means another person: everything stored is wiped first.
    func restoreFromHistory() {
        do {
            let providedID = settings.providedVisitorID ?? ""
            if let storedProvidedID = try history.value(forKey: .providedVisitorID), storedProvidedID != providedID {
                try history.wipe()
            }
            try history.set(providedID, forKey: .providedVisitorID)
            if let stored = try history.value(forKey: .deviceID) {
                deviceID = stored
            } else {
                deviceID = UUID().uuidString
                try history.set(deviceID, forKey: .deviceID)
            }
            visitorJSON = try history.value(forKey: .visitor)
            visitSessionID = try history.value(forKey: .visitSessionID)
            historyRevision = try history.value(forKey: .historyRevision)
            historyEnded = try history.value(forKey: .historyEnded) == "1"
            for entry in try history.outbox() {
                guard let request = OutboxRequest(record: entry) else { continue }
                // An entry this version cannot show is still delivered: only its bubble is missing until it is sent.
                do {
                    sendingMessages.append(
                        try request.sendingMessage(id: entry.clientSideId, timeMicros: entry.tsMicros)
                    )
                } catch {
                    log(.error, .messageHistory, "could not show a pending message: \(error)")
                }
                actions.enqueue(QueuedAction(outbox: entry.clientSideId, request: request))
            }
        } catch {
            log(.error, .messageHistory, "could not read local history: \(error)")
        }
    }

    /// The device id sent on init, with the multivisitor section (PROTOCOL.md §2.2).
    var initDeviceID: String {
        guard let section = settings.multivisitorSection, !section.isEmpty else { return deviceID }
        return "\(deviceID)-\(section)"
    }
}
