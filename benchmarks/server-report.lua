-- wrk script for benchmarks/run-server: PUT one External Purchase report per request.
-- EPSIM_MODE=reject sends one LINE_ITEM report that passes every check but the tax sum of its
-- last line item (full validation, nothing stored: steady memory). EPSIM_MODE=accept sends a
-- new report with new ids every time (each one is validated and stored).
wrk.method = "PUT"
wrk.path = "/externalPurchase/v1/reports"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("EPSIM_JWT")
wrk.headers["Content-Type"] = "application/json"

local token = os.getenv("EPSIM_TOKEN")
local created = os.getenv("EPSIM_CREATED")
local mode = os.getenv("EPSIM_MODE") or "reject"

local function item(id, inclusive)
  return string.format(
    '{"lineItemId":"%s","creationDate":%s,"eventType":"BUY","productType":"ONE_TIME_BUY",'
      .. '"productIdentifier":"com.example.gems","quantity":1,"amountTaxInclusive":%d,'
      .. '"amountTaxExclusive":1000,"taxAmount":210,"reportingCurrency":"EUR","pricingCurrency":"EUR",'
      .. '"taxCountry":"NLD"}', id, created, inclusive)
end

local function report(request_id, prefix, last_inclusive)
  return string.format(
    '{"requestIdentifier":"%s","externalPurchaseId":"%s","status":"LINE_ITEM","lineItems":[%s,%s,%s]}',
    request_id, token, item(prefix .. "-1", 1210), item(prefix .. "-2", 1210), item(prefix .. "-3", last_inclusive))
end

wrk.body = report("6C5DA3C5-8D7A-4F5C-9E6B-2F0B4C1E9A11", "bench", 1200)

-- EPSIM_DELAY_MS paces each connection, as in server-history.lua.
local pause = tonumber(os.getenv("EPSIM_DELAY_MS") or "0")
function delay()
  return pause
end

-- EPSIM_RUN keeps the ids of one wrk run apart from another's on the same server: an id sent
-- again with the same body is a resend (answered 200, stored once), which would flatter a run.
local run = tonumber(os.getenv("EPSIM_RUN") or "0")
local counter = 0
local thread_number = 0
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function request()
  if mode ~= "accept" then
    return wrk.format()
  end
  counter = counter + 1
  local request_id = string.format("%08X-%04X-4000-8000-%012X", thread_number, run, counter)
  return wrk.format(nil, nil, nil, report(request_id, run .. "-" .. thread_number .. "-" .. counter, 1210))
end
