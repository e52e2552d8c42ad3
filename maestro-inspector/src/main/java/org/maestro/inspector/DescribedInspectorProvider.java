package org.maestro.inspector;

import org.maestro.base.net.ManagementUrl;

/**
 * An {@link InspectorProvider} described by a {@link Description}, with the refusal of a URL its inspector cannot
 * read worded alike for every kind.
 */
public abstract class DescribedInspectorProvider implements InspectorProvider {

    /** What help and error texts say of an inspector: its name, what it inspects and a URL it reads. */
    public record Description(String name, String description, String exampleUrl) {}

    private final Description described;

    protected DescribedInspectorProvider(Description described) {
        this.described = described;
    }

    @Override
    public final String name() {
        return described.name();
    }

    @Override
    public final String description() {
        return described.description();
    }

    @Override
    public final String exampleUrl() {
        return described.exampleUrl();
    }

    /** Whether the URL is http(s) with a path ending in {@code /api}, as RabbitMQ's management API is. */
    protected static boolean isHttpApi(ManagementUrl url) {
        String path = url.address().getPath() == null ? "" : url.address().getPath();
        return url.hasScheme("http") && (path.endsWith("/api") || path.endsWith("/api/"));
    }

    /**
     * The refusal of a URL: {@code the <name> inspector <reads>: set MANAGEMENT_INTERFACE to a URL such as <example>,
     * not <url>}.
     *
     * @param example the example URL, with a hint when one helps
     */
    protected final IllegalArgumentException unreadable(ManagementUrl url, String reads, String example) {
        return new IllegalArgumentException("the " + name() + " inspector " + reads
                + ": set MANAGEMENT_INTERFACE to a URL such as " + example + ", not " + url.redacted());
    }
}
