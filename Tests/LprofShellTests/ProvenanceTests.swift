import LprofModel
import Testing

@testable import LprofShell

/// `Provenance`, the steps `why` tells, kept as the host's events happen.
@Suite struct ProvenanceTests {
    /// The events of each step of a trail, as trace prints them (a set as its draft write).
    static func events(_ trail: WhyTrail) -> [String] {
        trail.steps.map { step in
            switch step.source {
            case .event(let event): return TraceText.line(event)
            case .set(let field): return "set \(field.rawValue)"
            case .store(let text): return "store: " + text
            case .start: return "start"
            }
        }
    }

    @Test func aCopyHandsItsTargetTheSourcesTrailAndItself() {
        let s = InterpSession()
        s.run("edit on; set season autumn; done")
        let trails = s.interpreter.provenance
        #expect(
            Self.events(trails.profile.season) == [
                "set season", "~ ProfileEditor.onDisappear: profile = draft",
            ])
        // The onAppear copy, then the commit: the untouched field's value began at the start.
        #expect(
            Self.events(trails.profile.goal) == [
                "start", "~ ProfileEditor.onAppear: draft = profile (same value: nothing changes)",
                "~ ProfileEditor.onDisappear: profile = draft",
            ])
        #expect(trails.profile.goal.steps[1].meaning == .wrote(same: true))
    }

    @Test func aSetIsKeptAsAMarkAndTakesItsPlaceWhenRead() {
        let s = InterpSession()
        s.run("edit on\nset goal +6m\nwhy goal")
        let step = s.interpreter.provenance.draft.goal.last
        #expect(step.place.index == 1)
        #expect(step.place.program != nil, "the mark was sealed with its program")
        #expect(s.output.contains("'set goal +6m' at 2:1"), "\(s.output)")
    }

    @Test func theWiringLabsMissingCodeIsAStepThatWroteNothing() {
        let s = InterpSession()
        s.run("env wiring cancel-resets no; edit on; set season summer; cancel")
        let draft = s.interpreter.provenance.draft.season
        #expect(draft.last.meaning == .notWritten(.buttonWithoutCopy(.cancelButton)))
        let profile = s.interpreter.provenance.profile.season
        #expect(profile.last.meaning == .wrote(same: false))
        #expect(profile.steps.count == 3)
    }

    @Test func aLongTrailKeepsItsOriginAndItsLastSteps() {
        let s = InterpSession()
        for _ in 0..<30 { s.run("edit on; done") }
        let mode = s.interpreter.provenance.mode
        #expect(mode.steps.count == WhyTrail.limit + 1)
        #expect(mode.dropped == 60 - WhyTrail.limit)
        guard case .start = mode.steps[0].source else {
            Issue.record("the origin was dropped")
            return
        }
    }

    /// A command that succeeds under `expect error` changes nothing, its steps included.
    @Test func expectErrorsUndoneCommandLeavesNoStep() {
        let s = InterpSession(keepGoing: true)
        s.run("edit on; set season autumn; expect error done; why profile.season")
        #expect(Self.events(s.interpreter.provenance.profile.season) == ["start"])
        #expect(s.host.editMode == .active)
    }
}
