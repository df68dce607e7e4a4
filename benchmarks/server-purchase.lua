-- wrk script for benchmarks/run-state: POST one purchase of a consumable per request through
-- the control API (a new App Store transaction each time, one saved change with --state).
-- EPSIM_DELAY_MS paces each connection, as in server-history.lua.
wrk.method = "POST"
wrk.path = "/epsim/v1/commerce/events"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"type":"buy","device":"alice.iphone","product":"coins","quantity":1}'

local pause = tonumber(os.getenv("EPSIM_DELAY_MS") or "0")
function delay()
  return pause
end
