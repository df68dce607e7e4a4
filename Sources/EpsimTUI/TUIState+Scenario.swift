import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld
import TextFrame

extension TUIState {
  /// Applies the loaded scenario's next line to the simulation, as `epsim run` would, and logs
  /// the line with a verdict for each of its expectations.
  mutating func stepScenario() {
    guard let script else {
      status = StatusMessage(.info, "no scenario loaded; open one with `epsim tui FILE.epsim`")
      return
    }
    guard let statement = script.nextStatement else {
      status = StatusMessage(.info, "\(Self.shortName(of: script.file)): every line has been stepped through")
      return
    }
    let place = "\(Self.shortName(of: script.file)):\(statement.location.line)"
    let before = simulation.position
    let wasSaved = unsavedStepCount == 0
    dropReplacedSteps(after: before)
    let stepper = script
    changeSimulation { simulation in
      var stepper = stepper
      let outcome = stepper.step(on: &simulation)
      return (outcome, stepper)
    } then: { state, stepped in
      state.finishScenarioStep(
        stepped.0, stepper: stepped.1, statement: statement, place: place, before: before, wasSaved: wasSaved)
    }
  }

  /// What the UI does after a scenario line was stepped through: the line and its verdicts in
  /// the log, the status line, the scenario's progress.
  private mutating func finishScenarioStep(
    _ outcome: ScenarioStepper.Outcome?, stepper stepped: ScenarioStepper, statement: Statement,
    place: String,
    before: Int, wasSaved: Bool
  ) {
    let script = stepped
    scenario.advance(to: script)
    playback.stepTaken()
    logPane.followNewest()
    var notes = [
      LogLine(
        time: world.now, label: "line", labelStyle: Theme.bold,
        message: "\(place)  \(script.sourceText(of: statement))")
    ]
    switch outcome {
    case .performed(let entry):
      if simulation.position > before {
        let entry = simulation.entry(simulation.position)
        if let purchase = entry.purchase {
          status = StatusMessage(
            .success,
            ([ScenarioWriter.commerceStep(purchase)] + entry.storeEvents.map(storeText)).joined(
              separator: ": "))
          if let newest = entry.storeEvents.last(where: { $0.transactionId != nil })?.transactionId {
            purchasesPane.selected = newest
          }
        } else if let last = entry.tokenSteps.last {
          let step = simulation.tokens.steps[last]
          report(step.outcome, of: step.event)
          noteStore(entry.storeEvents)
        }
      }
      notes += entry.expectations.map(Self.verdictLine(at: world.now))
      let failed = entry.expectations.filter { $0.status != .passed }.count
      let verdict =
        entry.expectations.isEmpty
        ? ""
        : failed == 0 ? "; expectations pass" : "; \(failed) of \(entry.expectations.count) expectations FAIL"
      let summary = simulation.position > before ? status?.text ?? entry.action : entry.action
      // The verdicts are in the log already, line by line.
      status = StatusMessage(
        failed == 0 ? .success : .error, "\(place) \(summary)\(verdict)", givesReason: false)
    case .refused(let failure):
      notes.append(
        LogLine(time: world.now, label: "refused", labelStyle: Theme.error, message: failure.message))
      status = StatusMessage(
        .error, "\(place) refused: \(failure.message); . goes on with the next line", givesReason: false)
    case nil:
      break
    }
    // The file holds its own lines: stepping through it alone leaves nothing to lose on quit.
    if wasSaved {
      files.markSaved(simulation.appliedSteps)
    }
    logPane.add(notes, at: simulation.position)
    scenario.remember(at: simulation.position)
    if script.nextStatement == nil, status != nil {
      let totals = scenarioTotals.summary
      status?.text += "; scenario done: " + totals
    }
  }

  /// Verdicts of the scenario lines stepped so far (those in effect: undo takes them back).
  var scenarioTotals: ScenarioTotals {
    var totals = ScenarioTotals()
    for (position, notes) in logPane.notes where position <= simulation.position {
      for note in notes {
        switch note.label {
        case "pass": totals.passed += 1
        case "FAIL": totals.failed += 1
        case "refused": totals.refused += 1
        default: break
        }
      }
    }
    return totals
  }

  /// After a move through history: the scenario's pointer as it was at the new position.
  mutating func restoreScriptPosition() {
    scenario.restore(at: simulation.position)
  }

  /// The file's name without its folders: on one screen line the name says enough.
  static func shortName(of file: String) -> String {
    file.split(separator: "/").last.map(String.init) ?? file
  }

  /// A log line for one expectation's verdict.
  static func verdictLine(at time: VirtualTime) -> (ExpectationRecord) -> LogLine {
    { record in
      switch record.status {
      case .passed:
        return LogLine(time: time, label: "pass", labelStyle: Theme.success, message: "expect " + record.text)
      case .failed, .notRun:
        return LogLine(
          time: time, label: "FAIL", labelStyle: Theme.error,
          message: "expect \(record.text): expected \(record.expected), got \(record.actual)")
      }
    }
  }

  /// Forgets what the log and the scenario kept of steps a new change is about to replace (after
  /// an undo).
  mutating func dropReplacedSteps(after position: Int) {
    logPane.dropNotes(after: position)
    scenario.drop(after: position)
  }

  /// Records the steps in effect as a scenario with observed expectations and asks the host to
  /// write it; a session the language cannot express keeps the dialog open with the reason, and
  /// a path the host finds to be a folder opens `form` again.
  mutating func saveScenario(to path: String, thenQuit: Bool = false, form: Dialog? = nil) -> (
    Result<Void, FormError>, [Effect]
  ) {
    let scenario: Scenario
    do throws(ScenarioRecorder.Unrecordable) {
      scenario = try ScenarioRecorder.scenario(from: simulation, withExpectations: true)
    } catch {
      return (.failure(FormError("cannot save as a scenario: \(error.message)")), [])
    }
    // One count for the file's first line and the status line: the session's steps of history.
    let steps = simulation.position
    let stepsText = "\(steps) step\(steps == 1 ? "" : "s")"
    let text =
      "# Recorded with epsim tui: \(stepsText). `epsim run` replays it and checks"
      + " every expectation.\n" + ScenarioWriter.write(scenario)
    files.expect(
      PendingWrite(
        failure: "saving to", success: "saved \(stepsText) as a scenario to",
        savedSteps: simulation.appliedSteps, quitsWhenDone: thenQuit, form: form),
      at: path)
    status = StatusMessage(.info, "saving \(stepsText) to \(path)…")
    return (.success(()), [.writeFile(path: path, contents: text)])
  }
}
