import Foundation

extension MoodCSV {
    /// The check-ins `export csv --moods` writes, read from the vault in the listings' order, and
    /// the paths left out: those in `broken` (the index's files with errors) and those whose file
    /// has an error now.
    public static func read(_ listings: [MoodListing], in vault: Vault, broken: Set<String>) throws(VaultError)
        -> (rows: [(path: String, mood: MoodCheckIn)], leftOut: [String]) {
        var rows: [(path: String, mood: MoodCheckIn)] = []
        var leftOut: [String] = []
        for listing in listings {
            let bytes = try FileIO.read(vault.path(listing.path))
            let mood = MoodCheckIn(document: Document(bytes: bytes))
            if broken.contains(listing.path) || mood.diagnostics.hasErrors {
                leftOut.append(listing.path)
                continue
            }
            rows.append((listing.path, mood))
        }
        return (rows, leftOut)
    }
}
