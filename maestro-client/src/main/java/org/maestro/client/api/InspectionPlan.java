package org.maestro.client.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.common.inspection.SystemToInspect;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.PeerInfo;

/**
 * The systems a test inspects by name ({@code inspect "router1", url}), checked before anything starts, and how the
 * inspector peers share them. A test that names none keeps the older single inspector (MANAGEMENT_INTERFACE and
 * INSPECTOR_NAME, {@link #isEmpty()}); a test that names some and also gives MANAGEMENT_INTERFACE inspects that one
 * too (unless a named system has its URL), named after its INSPECTOR_NAME or {@value #UNNAMED}.
 */
final class InspectionPlan {
    /** The name of the system of MANAGEMENT_INTERFACE when INSPECTOR_NAME does not name its kind. */
    static final String UNNAMED = "sut";

    private final List<SystemToInspect> systems;

    private InspectionPlan(List<SystemToInspect> systems) {
        this.systems = systems;
    }

    /**
     * The plan of a test.
     *
     * @throws MaestroException a usage error naming the system whose name, kind or URL is wrong, or the name given
     *                          to two systems
     */
    static InspectionPlan of(TestDefinition definition, TestOptions options) {
        List<TestDefinition.Inspected> named = definition.inspected();
        if (named.isEmpty()) {
            return new InspectionPlan(List.of());
        }
        List<SystemToInspect> systems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<TestDefinition.Inspected> all = new ArrayList<>(named);
        options.get(OptionCode.MANAGEMENT_INTERFACE)
                .filter(url -> named.stream().noneMatch(n -> url.equals(n.url())))
                .ifPresent(url -> {
                    String kind = options.get(OptionCode.INSPECTOR_NAME).orElse("");
                    all.add(0, new TestDefinition.Inspected(kind.isBlank() ? UNNAMED : kind, url, kind));
                });
        for (TestDefinition.Inspected system : all) {
            if (system.name() == null || system.url() == null) {
                throw MaestroException.usage("inspect needs a name and a management URL, e.g. inspect \"router1\","
                        + " \"amqp://127.0.0.1:5672\"");
            }
            SystemToInspect checked;
            try {
                checked = new SystemToInspect(system.name(), system.kind(), system.url());
            } catch (IllegalArgumentException e) {
                throw MaestroException.usage("inspect: " + e.getMessage());
            }
            if (!names.add(checked.name())) {
                throw MaestroException.usage("two inspected systems are named " + checked.name()
                        + ": give each inspect a name of its own, e.g. inspect \"router1\", … and inspect \"router2\","
                        + " …");
            }
            systems.add(checked);
        }
        return new InspectionPlan(List.copyOf(systems));
    }

    /** True when the test names no system: the older single inspector, if any, is used. */
    boolean isEmpty() {
        return systems.isEmpty();
    }

    /** The systems, in the order written. */
    List<SystemToInspect> systems() {
        return systems;
    }

    /**
     * Which inspector peer inspects which systems: the systems in order, dealt in turn to the peers sorted by
     * {@code name@host}, so that the same peers get the same systems run after run.
     */
    Map<PeerInfo, List<SystemToInspect>> assign(List<PeerInfo> inspectors) {
        List<PeerInfo> sorted = inspectors.stream()
                .sorted(Comparator.comparing(PeerInfo::qualifiedName).thenComparing(PeerInfo::id))
                .toList();
        Map<PeerInfo, List<SystemToInspect>> assigned = new LinkedHashMap<>();
        for (int i = 0; i < systems.size() && !sorted.isEmpty(); i++) {
            assigned.computeIfAbsent(sorted.get(i % sorted.size()), p -> new ArrayList<>())
                    .add(systems.get(i));
        }
        return assigned;
    }
}
