-- content: every kind of view content on one page — labels (wrapping and truncating by the
-- font's metrics), an image (Scripts/images), a gradient, borders and shadows — the picture in
-- docs/rendering.md. Run: scrim render Scripts/content.lua --out content.png --scale 2

window.rootViewController = ViewController{ name = "page", viewDidLoad = function(self)
  local page = self.view
  page.backgroundColor = "#f2f2f7"
  page:addSubview(Label{ frame = rect(20, 64, 353, 41), text = "Content", font = { size = 34, weight = "bold" } })

  -- A card: a shadow, a corner radius, an image cut to it, a title and wrapped text.
  local card = View{ frame = rect(20, 120, 353, 330), backgroundColor = "#ffffff", cornerRadius = 16,
                     shadowOpacity = 0.18, shadowRadius = 12, shadowOffset = size(0, 6) }
  local clip = View{ frame = card.bounds, cornerRadius = 16, clipsToBounds = true }
  clip:addSubview(ImageView{ image = image("images/lake.svg"), frame = rect(0, 0, 353, 200),
    contentMode = "scaleAspectFill", clipsToBounds = true })
  clip:addSubview(Label{ frame = rect(16, 212, 321, 28), text = "Lake at dusk", font = { size = 22, weight = "bold" } })
  clip:addSubview(Label{ frame = rect(16, 244, 321, 72), numberOfLines = 3, textColor = "#3c3c43", font = { size = 15 },
    text = "Labels wrap between words at the width DejaVu Sans's own advances give, and the last line that fits "
      .. "ends with an ellipsis when the text runs on past it, as UILabel's does on a phone." })
  card:addSubview(clip)
  page:addSubview(card)

  -- A gradient button with a border and centred text.
  page:addSubview(GradientView{ frame = rect(20, 474, 353, 56), cornerRadius = 28, colors = { "#5856d6", "#ff2d55" },
    startPoint = point(0, 0.5), endPoint = point(1, 0.5), borderWidth = 2, borderColor = "#ffffff80" })
  page:addSubview(Label{ frame = rect(20, 474, 353, 56), text = "Gradient, border, centred text",
    textAlignment = "center", textColor = "#ffffff", font = { size = 17, weight = "semibold" } })

  -- Truncation by line break mode: one line each.
  local text = "A sentence far too long for one line of this narrow box"
  for i, mode in ipairs({ "byTruncatingTail", "byTruncatingMiddle", "byTruncatingHead" }) do
    page:addSubview(Label{ frame = rect(20, 548 + (i - 1) * 30, 353, 24), text = mode .. ": " .. text,
      lineBreakMode = mode, font = { size = 15 }, textColor = "#6c6c70" })
  end
  -- A round view with a border and a shadow; an image filling a rounded frame.
  page:addSubview(View{ frame = rect(20, 650, 104, 104), cornerRadius = 52, backgroundColor = "#ffcc00",
    borderWidth = 6, borderColor = "#ff9500", shadowOpacity = 0.3, shadowRadius = 8, shadowOffset = size(0, 4) })
  page:addSubview(ImageView{ image = image("images/peaks.svg"), frame = rect(144, 650, 229, 104),
    contentMode = "scaleAspectFill", cornerRadius = 12, clipsToBounds = true,
    borderWidth = 1, borderColor = "#00000020" })
end }
step()
