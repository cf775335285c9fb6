#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state a sheet and a popover are declared from.
@MainActor
@Observable
private final class InspectorModel {
  var inspecting: String?
  var anchored = false
}

private final class InspectorViewController: UIViewController {}

/// A composed container whose composition a test sets.
@MainActor
private final class InspectorHost: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

@MainActor
@Suite(
  "Presentation: the presentation controller a style selects",
  .isolatedModel(exceptions: .record))
struct PresentationControllerTests {
  @Test("A page sheet's update closure sets detents that the presented controller's sheet keeps")
  func sheetDetentsSetInUpdate() async throws {
    let host = InspectorHost()
    let model = InspectorModel()
    host.declaration = {
      Presentation("inspector", item: model.inspecting, id: \.self) { _ in
        Child {
          InspectorViewController()
        } update: {
          $0.sheetPresentationController?.detents = [.medium()]
          $0.sheetPresentationController?.prefersGrabberVisible = true
        }
      }
      .presentationStyle(.pageSheet)
      .onDismiss { model.inspecting = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: host, composer: host.composer)
    model.inspecting = "a"
    await harness.settle()

    let inspector = try #require(host.presentedViewController as? InspectorViewController)
    let sheet = try #require(inspector.sheetPresentationController)
    #expect(sheet.detents.map(\.identifier) == [.medium])
    #expect(sheet.prefersGrabberVisible)
    #expect(inspector.presentationController === sheet)
    #expect(harness.takeDiagnostics() == [])
  }

  @Test("A popover whose update closure sets its source view is presented without an exception")
  func popoverSourceSetInUpdate() async throws {
    let host = InspectorHost()
    let model = InspectorModel()
    host.declaration = {
      Presentation("inspector", item: model.inspecting, id: \.self) { _ in
        Child {
          InspectorViewController()
        } update: {
          $0.popoverPresentationController?.sourceView = host.view
          $0.popoverPresentationController?.sourceRect = CGRect(x: 10, y: 20, width: 30, height: 40)
        }
      }
      .presentationStyle(.popover)
      .onDismiss { model.inspecting = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: host, composer: host.composer)
    model.inspecting = "a"
    await harness.settle()

    let inspector = try #require(host.presentedViewController as? InspectorViewController)
    let popover = try #require(inspector.popoverPresentationController)
    #expect(popover.sourceView === host.view)
    #expect(popover.sourceRect == CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(
      harness.takeDiagnostics() == [
        "unmodelledPresentationStyle: <InspectorViewController: inspector.a> was presented with "
          + "style 'popover', which the model does not model; it behaves as 'overFullScreen' "
          + "(model check)"
      ])
  }

  @Test("A popover with no source view is reported and not presented, until its update sets one")
  func popoverWithoutSourceReported() async throws {
    let host = InspectorHost()
    let model = InspectorModel()
    host.declaration = {
      Presentation("inspector", item: model.inspecting, id: \.self) { _ in
        Child {
          InspectorViewController()
        } update: {
          if model.anchored { $0.popoverPresentationController?.sourceView = host.view }
        }
      }
      .presentationStyle(.popover)
      .onDismiss { model.inspecting = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: host, composer: host.composer)
    model.inspecting = "a"
    await harness.settle()

    #expect(host.presentedViewController == nil)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(
      harness.takeDiagnostics() == [
        "popoverNeedsSource: child 'inspector' #\"a\" InspectorViewController is presented as a "
          + "popover with no source view, bar button item or source item; UIKit raises an "
          + "exception for such a popover, so it is not presented; set the anchor of the "
          + "controller's 'popoverPresentationController' (its 'sourceView' or 'sourceItem') in "
          + "the child's update closure [declared at PresentationControllerTests.swift:101]"
      ])

    model.anchored = true
    await harness.settle()
    let inspector = try #require(host.presentedViewController as? InspectorViewController)
    #expect(inspector.popoverPresentationController?.sourceView === host.view)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(
      harness.takeDiagnostics() == [
        "unmodelledPresentationStyle: <InspectorViewController: inspector.a> was presented with "
          + "style 'popover', which the model does not model; it behaves as 'overFullScreen' "
          + "(model check)"
      ])
  }
}
#endif
