-- GET the path(s) given after `--` with the session cookie from $COOKIE.
-- Several paths are requested in turn; PACE_MS (optional) is a pause before each request.
local paths, i = {}, 0
local pace = tonumber(os.getenv("PACE_MS") or "0")
wrk.headers["Cookie"] = "litstack_session=" .. os.getenv("COOKIE")

function init(args)
  for _, p in ipairs(args) do paths[#paths + 1] = p end
  if #paths == 0 then paths[1] = wrk.path end
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

if pace > 0 then
  function delay() return pace end
end
