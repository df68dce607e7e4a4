// The virtual clock's types and the refusal error moved to SimulationTime so the App Store engine
// needs no token engine for them; every user of the engine still sees them through it.
@_exported import SimulationTime
