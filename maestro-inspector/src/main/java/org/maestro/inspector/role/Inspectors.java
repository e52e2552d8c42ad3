package org.maestro.inspector.role;

import java.time.Duration;
import java.util.List;
import org.maestro.base.net.ManagementUrl;
import org.maestro.common.inspection.InspectorCatalog;
import org.maestro.common.inspection.InspectorDescriptor;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/**
 * The inspector implementations on the class path ({@link InspectorCatalog}) by name, as START_INSPECTOR and
 * INSPECTOR_NAME give it, or by the management URL they claim.
 */
public final class Inspectors {

    private Inspectors() {}

    /** The names known, sorted. */
    public static List<String> names() {
        return InspectorCatalog.all().stream().map(InspectorDescriptor::name).toList();
    }

    /**
     * The name of the inspector that reads a management URL when none is named: the one that claims it, e.g.
     * {@code dispatch} for amqp://, {@code artemis} for a Jolokia http:// URL.
     *
     * @throws IllegalArgumentException when none claims it, saying which URLs are known
     */
    public static String forUrl(ManagementUrl url) {
        return InspectorCatalog.claiming(url)
                .map(InspectorDescriptor::name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "no inspector reads " + url.redacted() + ": MANAGEMENT_INTERFACE is "
                                + InspectorCatalog.exampleUrls() + ", or name the inspector in INSPECTOR_NAME"));
    }

    /**
     * Creates the inspector of the given name for the URL.
     *
     * @throws IllegalArgumentException with a message saying what is known or expected, when the name is unknown
     *     or the URL is not one that inspector can use
     */
    public static Inspector create(String name, ManagementUrl url, Duration requestTimeout) {
        InspectorDescriptor descriptor = InspectorCatalog.named(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown inspector '" + name + "': known inspectors are " + InspectorCatalog.described()));
        if (!(descriptor instanceof InspectorProvider provider)) {
            throw new IllegalArgumentException("the " + descriptor.name() + " inspector is described on the class "
                    + "path but " + descriptor.getClass().getName() + " makes no inspector; it must implement "
                    + InspectorProvider.class.getName());
        }
        return provider.create(url, requestTimeout);
    }
}
