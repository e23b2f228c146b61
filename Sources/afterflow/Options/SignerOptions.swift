import AfterflowKit
import ArgumentParser

/// `--as`, who signs: for `sign` and `addendum`, which take the signer the same way.
struct SignerOptions: ParsableArguments {
    @Option(name: .customLong("as"), help: ArgumentHelp("Who signs, name and credential (default: provider: in the config).", valueName: "name"))
    var signer: String?

    func validate() throws {
        if let signer, let problem = Addendum.nameProblem(signer) { throw ValidationError("--as: " + problem) }
    }

    /// The signer: `--as`, else the config's `provider:`, else a usage error saying how to give one.
    func resolved(vault: Vault, command: String) throws -> String {
        if let signer { return signer }
        if let provider = vault.config.provider {
            if let problem = Addendum.nameProblem(provider) { throw usageError("provider: in .afterflow/config.yml: " + problem, command: command) }
            return provider
        }
        throw usageError("who signs? give --as \"J. Doe, CCC-SLP\" (name and credential), or set provider: in .afterflow/config.yml", command: command)
    }
}
