extension Webim {
    /// How many visitors' history databases this process keeps open at most (each holds three descriptors: the
    /// database, its log and its index); beyond it the least recently used are closed. Not in the reference:
    /// for a server that budgets its descriptors.
    package static var maximumOpenHistoryDatabases: Int { OpenHistoryConnections.shared.limit }
}
