@testable import AfterflowKit
import Foundation
import Testing

/// The settings of a therapist's practice in `.afterflow/config.yml`: cue levels, goal
/// categories, the clinician and the practice.
@Suite struct VaultConfigPracticeTests {
    func config(_ text: String) -> VaultConfig {
        VaultConfig(bytes: Array(text.utf8))
    }

    @Test func defaultsWhenTheSettingsSayNothing() {
        let plain = config("version: 1\ntime_zone: America/Los_Angeles\n")
        #expect(plain.cueLevels == .standard)
        #expect(plain.goalCategories == Goal.standardCategories)
        #expect(plain.clinician == nil)
        #expect(plain.practice == nil)
        #expect(plain.diagnostics.isEmpty)
        // No value is the default too.
        let empty = config("cue_levels:\ngoal_categories: ~\nclinician:\npractice: ''\n")
        #expect(empty.cueLevels == .standard)
        #expect(empty.goalCategories == Goal.standardCategories)
        #expect(empty.clinician == nil)
        #expect(empty.practice == nil)
        #expect(empty.diagnostics.isEmpty)
    }

    @Test(arguments: [
        "cue_levels: [independent, gestural, verbal, model, partial-physical, full-physical]\n",
        "cue_levels:\n  - independent\n  - Gestural   # a touch toward it\n  - verbal\n  - model\n  - partial-physical\n  - full-physical\n",
        "cue_levels: [ Independent , gestural, 'verbal', \"model\", partial-physical, full-physical ]\n",
    ])
    func cueLevelsAreReadInOrder(_ text: String) {
        let read = config(text)
        #expect(read.cueLevels == .aba)
        #expect(read.diagnostics.isEmpty)
    }

    @Test func intervalSignalIsNoneBellOrFlash() {
        #expect(config("version: 1\n").intervalSignal == IntervalSignal.none)
        #expect(config("interval_signal: bell\n").intervalSignal == .bell)
        #expect(config("interval_signal: Flash\n").intervalSignal == .flash)
        let bad = config("version: 1\ninterval_signal: beep\n")
        #expect(bad.intervalSignal == IntervalSignal.none)
        // At the value: line 2, column 18 ("interval_signal: " is 17 bytes).
        #expect(bad.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
                == ["2:18 interval_signal must be one of none, bell, flash (what the live logger does at each interval's end), found \"beep\""])
    }

    @Test func oneCueLevelIsAListOfOne() {
        #expect(config("cue_levels: independent\n").cueLevels.names == ["independent"])
    }

    @Test func badCueLevelsAreErrorsAtTheItemAndTheRestAreUsed() {
        let read = config("version: 1\ncue_levels: [independent, partial physical, verbal, Verbal, model]\n")
        #expect(read.cueLevels.names == ["independent", "verbal", "model"])
        #expect(read.diagnostics.map(\.description) == [
            "<input>:2:27: error: each of cue_levels must be one word of letters, digits, - and _ (as trial lines write it, like partial-physical), found \"partial physical\"",
            "<input>:2:53: error: cue_levels names verbal twice; write each level once, least support first",
        ])
        let none = config("cue_levels: []\n")
        #expect(none.cueLevels == .standard)
        #expect(none.diagnostics.map(\.description) == [
            "<input>:1:13: error: cue_levels must name at least one level, least support first, like [independent, minimal, moderate, maximal]",
        ])
        let allBad = config("cue_levels:\n  - a b\n")
        #expect(allBad.cueLevels == .standard)
        #expect(allBad.diagnostics.map(\.location.description) == ["2:5"])
    }

    @Test func goalCategoriesAreAddedToTheStandardOnes() {
        let read = config("goal_categories: [Feeding, daily living, language]\n")
        #expect(read.goalCategories == Goal.standardCategories + ["feeding", "daily living"])
        #expect(read.diagnostics.isEmpty)
        let block = config("goal_categories:\n  - play\n  - ''\n")
        #expect(block.goalCategories == Goal.standardCategories + ["play"])
        #expect(block.diagnostics.map(\.description) == [
            "<input>:3:5: error: each of goal_categories must be a name, like feeding, found an empty one",
        ])
    }

    @Test func clinicianAndPracticeAreFreeText() {
        let read = config("clinician: \"Jordan Lee, M.S., CCC-SLP\"   # on report covers\npractice: Bright Path Speech & Language\n")
        #expect(read.clinician == "Jordan Lee, M.S., CCC-SLP")
        #expect(read.practice == "Bright Path Speech & Language")
        #expect(read.diagnostics.isEmpty)
    }

    @Test func aListWhereOneValueBelongsIsAnErrorAtTheValue() {
        let read = config("version: 1\nclinician: [Jordan, Sam]\ntime_zone:\n  - Europe/Berlin\npractice: Bright Path\n")
        #expect(read.clinician == nil)
        #expect(read.practice == "Bright Path")
        #expect(read.diagnostics.map(\.description) == [
            "<input>:2:12: error: clinician must be a single value, found a list",
            "<input>:3:11: error: time_zone must be a single value, found a list",
        ])
    }

    @Test func theSettingsReachTheVault() throws {
        let temp = try TemporaryVault()
        try temp.write(".afterflow/config.yml", "version: 1\ntime_zone: Europe/Berlin\ncue_levels: [none, some, full]\ngoal_categories: [feeding]\nclinician: Jordan Lee\npractice: Bright Path\n")
        let config = try temp.vault.config
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(config.cueLevels.names == ["none", "some", "full"])
        #expect(config.goalCategories.last == "feeding")
        #expect(config.clinician == "Jordan Lee")
        #expect(config.practice == "Bright Path")
    }
}
