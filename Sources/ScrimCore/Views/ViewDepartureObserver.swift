/// Told as a view goes away (`View.departureObserver`).
///
/// A host may keep something on a view's behalf after it has let go of the view itself: a
/// scripting bridge counts a view a script made toward the script's memory cap for as long as
/// the hierarchy keeps it. A weak reference would tell the host when the view goes, but it
/// gives the view a side table of its own (see `View.superview`), an allocation per view.
package protocol ViewDepartureObserver: AnyObject {
    /// `view` is deinitializing: it must not be retained, only told apart by its address.
    func viewIsDeparting(_ view: View)
}
