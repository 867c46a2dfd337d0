import ScrimCore
