// Stand-in until the settings for cue levels, categories, clinician and practice land.
extension VaultConfig {
    public var cueLevels: CueLevels { .standard }
    public var goalCategories: [String] { Goal.standardCategories }
    public var clinician: String? { nil }
    public var practice: String? { nil }
}
