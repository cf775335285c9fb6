import Compose
import Foundation
import Testing

/// Controllers with distinct types, for declarations in tests.
final class ListViewController: UIViewController {}
final class DetailViewController: UIViewController {}
final class SpinnerViewController: UIViewController {}
final class RowViewController: UIViewController {}
final class HeaderViewController: UIViewController {}
