extension Child {
  /// Gives the child an explicit identity, in addition to its position and type.
  ///
  /// When the value changes, the child is replaced: the old controller is removed and a new one is
  /// made. Use it to start over when the thing a controller shows changes, or to tell apart two
  /// children of the same type at the same position.
  ///
  /// ```swift
  /// Child { ConversationViewController(id: conversation.id) }
  ///   .id(conversation.id)
  /// ```
  ///
  /// - Parameter id: Any hashable value.
  /// - Returns: The child with the explicit identity.
  public func id<ID: Hashable>(_ id: ID) -> Child {
    // Held as a list's key is: an `Int` or a `String` inline, with no `AnyHashable`, whose
    // initializer looks up a conformance at run time.
    modified { $0.with(explicitID: .some(ChildKey(id))) }
  }

  /// Sets how the child arrives when it replaces another child of its slot.
  ///
  /// A transition applies when the slot's change is exactly one child leaving and one arriving;
  /// the two are then swapped with an animated transition instead of a remove and an add. It
  /// overrides the slot's ``Slot/transition(_:)``.
  ///
  /// ```swift
  /// Child { LoadedViewController(items) }
  ///   .transition(.crossDissolve(duration: 0.25))
  /// ```
  ///
  /// - Parameter transition: The transition.
  /// - Returns: The child with the transition.
  public func transition(_ transition: Transition) -> Child {
    modified { $0.with(transition: .some(transition)) }
  }

  /// Sets how long the child's controller lives.
  ///
  /// ```swift
  /// Child { SettingsViewController() }
  ///   .lifetime(.keepAlive)
  /// ```
  ///
  /// - Parameter lifetime: The lifetime policy; ``Lifetime/whileShown`` by default.
  /// - Returns: The child with the lifetime policy.
  public func lifetime(_ lifetime: Lifetime) -> Child {
    modified { $0.with(lifetime: lifetime) }
  }

  /// Declares the child without showing it.
  ///
  /// A hidden child keeps its identity, but its view is not in its slot. With the
  /// ``Lifetime/eager`` lifetime its controller is made and added as a child of the container at
  /// once (`addChild(_:)`, `didMove(toParent:)`, no view), and its view is attached when it is
  /// shown; a shown child that becomes hidden is detached, as a ``Lifetime/keepAlive`` one is.
  /// With the default lifetime, a hidden child is as if it were not declared.
  ///
  /// ```swift
  /// Child { SettingsViewController() }.lifetime(.eager).hidden(tab != .settings)
  /// ```
  ///
  /// - Parameter isHidden: Whether the child is hidden; `true` by default.
  /// - Returns: The child, hidden or shown.
  public func hidden(_ isHidden: Bool = true) -> Child {
    modified { $0.with(isHidden: isHidden) }
  }
}
