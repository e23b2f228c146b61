@testable import AfterflowKit
import Testing

@Suite struct LiveLoggerKeysTests {
    @Test("levels that share a first letter get the next free letter, never one of the logger's own")
    func sharedFirstLetters() {
        let keys = LiveLoggerKeys.cueKeys(for: ["independent", "minimal", "moderate", "maximal", "hand"])
        #expect(keys.map(\.key) == ["i", "m", "o", "a", "d"])
    }

    @Test("the timer shows minutes and seconds, and hours from an hour on")
    func timer() {
        #expect([59, 3599, 3600, 3725].map(LiveLoggerKeys.timer) == ["00:59", "59:59", "1:00:00", "1:02:05"])
    }
}
