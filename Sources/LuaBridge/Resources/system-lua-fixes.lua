local codes, len, error, type = utf8.codes, utf8.len, error, type
string.rep("x", 4096)

function utf8.codes(s, lax)
  if type(s) == "string" and not len(s, 1, -1, lax) then error("invalid UTF-8 code", 2) end
  return codes(s, lax)
end
