import Foundation

/// The antecedents and consequences an ABC line chooses from when the vault's settings name none
/// (`abc_antecedents:`, `abc_consequences:` in `.afterflow/config.yml` replace them). The
/// categories of a descriptive ABC record as the field uses them (*ours*: one word each, so that
/// a line stays one word a field).
public enum AbcLists {
    public static let standardAntecedents = [
        "demand", "transition", "denied-access", "item-removed", "attention-diverted", "alone", "told-no", "peer", "other",
    ]
    public static let standardConsequences = [
        "attention", "escape", "tangible", "ignored", "redirected", "reprimand", "blocked", "comforted", "other",
    ]
}
