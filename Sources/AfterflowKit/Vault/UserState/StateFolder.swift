/// The user's own afterflow state, outside every vault: `$XDG_STATE_HOME/afterflow`, else
/// `~/.local/state/afterflow` (the XDG base directory default).
public enum StateFolder {
    /// The folder's path, or nil when neither `XDG_STATE_HOME` (absolute) nor `HOME` is set.
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return Vault.normalize(state) + "/afterflow"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return Vault.normalize(home) + "/.local/state/afterflow"
        }
        return nil
    }
}
