-- POSTs /api/auth/sign-in for load1..load$ACCOUNTS@example.com in turn, with a same-origin
-- Origin header. Each account speaks from its own address (X-Forwarded-For, believed because the
-- server runs with --trusted-proxy 127.0.0.1), as people on their own machines would.
local accounts = tonumber(os.getenv("ACCOUNTS") or "50")
local password = os.getenv("PASSWORD")
local i = 0

function request()
  i = i % accounts + 1
  local host = wrk.headers["Host"] -- host:port, set by wrk before the first request
  local headers = {
    ["Host"] = host,
    ["Origin"] = "http://" .. host,
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = "10.0.0." .. i,
  }
  local body = string.format('{"email":"load%d@example.com","password":"%s"}', i, password)
  return wrk.format("POST", "/api/auth/sign-in", headers, body)
end
