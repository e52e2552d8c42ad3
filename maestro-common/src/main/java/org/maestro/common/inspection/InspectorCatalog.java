package org.maestro.common.inspection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import org.maestro.base.net.ManagementUrl;

/**
 * The inspector implementations on the class path, found once with {@link ServiceLoader} and sorted by name: the
 * names INSPECTOR_NAME accepts, the inspector a management URL implies, and the texts that list them. Thread-safe.
 */
public final class InspectorCatalog {
    private static final List<InspectorDescriptor> ALL = load();

    private InspectorCatalog() {}

    private static List<InspectorDescriptor> load() {
        List<InspectorDescriptor> found = new ArrayList<>();
        ServiceLoader.load(InspectorDescriptor.class, InspectorCatalog.class.getClassLoader())
                .forEach(found::add);
        found.sort(Comparator.comparing(InspectorDescriptor::name));
        return List.copyOf(found);
    }

    /** Every inspector found, sorted by name; empty when no inspector is on the class path. */
    public static List<InspectorDescriptor> all() {
        return ALL;
    }

    /** The inspector of a name (case and surrounding blanks ignored), if one is on the class path. */
    public static Optional<InspectorDescriptor> named(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return ALL.stream().filter(d -> d.name().equals(key)).findFirst();
    }

    /** The inspector that reads a URL when none is named, if one claims it. */
    public static Optional<InspectorDescriptor> claiming(ManagementUrl url) {
        return ALL.stream().filter(d -> d.claims(url)).findFirst();
    }

    /** The names, e.g. {@code artemis, dispatch or nats}; {@code (none on the class path)} when there are none. */
    public static String names() {
        List<String> names = ALL.stream().map(InspectorDescriptor::name).toList();
        return join(names, " or ", "(none on the class path)");
    }

    /** Each inspector with its description, e.g. {@code artemis (an ActiveMQ Artemis broker, …) and dispatch (…)}. */
    public static String described() {
        return join(
                ALL.stream().map(d -> d.name() + " (" + d.description() + ")").toList(),
                " and ",
                "none (no inspector is on the class path)");
    }

    /** Each inspector with a URL it reads, e.g. {@code amqp://router:5672 (dispatch) or http://… (artemis)}. */
    public static String exampleUrls() {
        return join(
                ALL.stream().map(d -> d.exampleUrl() + " (" + d.name() + ")").toList(),
                " or ",
                "(no inspector is on the class path)");
    }

    private static String join(List<String> items, String last, String none) {
        if (items.isEmpty()) {
            return none;
        }
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + last + items.get(items.size() - 1);
    }
}
