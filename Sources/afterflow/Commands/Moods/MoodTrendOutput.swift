import AfterflowKit
import ArgumentParser
import Foundation

/// `moods --trend`: the check-ins' trend and the moods around each therapy session.
struct MoodTrendOutput {
    let vaultOptions: VaultOptions
    var since: String?
    var until: String?
    var label: String?
    var association: String?
    var window: Int
    var json: Bool

    func run() throws {
        let (index, report) = try vaultOptions.index()
        let zone = index.vault.timeZone
        let range = try dayRange(since: since, until: until, zone: zone)
        let points = try withVaultErrors {
            try index.moodTrendPoints(since: range.since, until: range.until, label: label, association: association)
        }
        var filter = SessionFilter()
        filter.includeDrafts = false
        let sessions = try withVaultErrors { try index.sessions(filter) }
        let sessionPoints = MoodTrend.sessionPoints(sessions, since: range.since, until: range.until)
        let trend = MoodTrend(points: points, sessions: sessionPoints, window: window)
        if json {
            emit(trend.json.serialized(pretty: true))
        } else {
            for line in trend.textLines(style: Terminal.current.textStyle) { emit(line) }
        }
        try index.warnProblems(report, hints: vaultOptions.hints)
    }
}

extension Terminal {
    /// How the listing renderers draw for this terminal: bold with colour, and sparklines in Unicode
    /// blocks with colour or a UTF-8 `LANG`.
    var textStyle: TextStyle {
        TextStyle(colors: colors, unicode: colors || ProcessInfo.processInfo.environment["LANG"]?.uppercased().contains("UTF") == true)
    }
}
