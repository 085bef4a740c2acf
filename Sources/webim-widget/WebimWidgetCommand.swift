import ArgumentParser

/// `webim-widget`: the command line. `serve` is the default, so `swift run webim-widget` starts everything.
@main
struct WebimWidgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webim-widget",
        abstract: "A browser chat widget on the Webim protocol, with an embedded chat service.",
        subcommands: [ServeCommand.self, ServiceCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
