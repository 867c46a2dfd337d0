local Sheet = scrim.PresentationController:extend("S")
function Sheet:frameOfPresentedViewInContainerView() return rect(0, 100, 300, 300) end
return scrim.plugin { name = "small", version = "1", presentationController = Sheet,
  hooks = { viewDidAppear = function(vc) end } }
