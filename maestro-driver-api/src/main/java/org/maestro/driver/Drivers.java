package org.maestro.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;
import org.maestro.base.net.UrlRedactor;

/** Finds the {@link Driver} of a URL by its scheme among the drivers on the class path. Thread-safe. */
public final class Drivers {
    private static final List<Driver> DRIVERS = load();

    private Drivers() {}

    private static List<Driver> load() {
        List<Driver> drivers = new ArrayList<>();
        ServiceLoader.load(Driver.class, Drivers.class.getClassLoader()).forEach(drivers::add);
        return List.copyOf(drivers);
    }

    /** The drivers found on the class path. */
    public static List<Driver> all() {
        return DRIVERS;
    }

    /**
     * The driver for a URL.
     *
     * @throws DriverException when the URL has no scheme or no driver handles it; the message lists the schemes
     *                         that are supported
     */
    public static Driver forUrl(String url) throws DriverException {
        String scheme = schemeOf(url);
        for (Driver driver : DRIVERS) {
            if (driver.schemes().contains(scheme)) {
                return driver;
            }
        }
        throw unknownScheme(scheme, url, DRIVERS);
    }

    /** The refusal of a URL whose scheme none of {@code drivers} takes: lists their schemes, and their advice. */
    static DriverException unknownScheme(String scheme, String url, List<Driver> drivers) {
        TreeSet<String> known = new TreeSet<>();
        StringBuilder advice = new StringBuilder();
        for (Driver driver : drivers) {
            known.addAll(driver.schemes());
            String hint = driver.adviceForScheme(scheme);
            if (hint != null) {
                advice.append("; ").append(hint);
            }
        }
        return new DriverException("no driver for URL scheme '" + scheme + "' in " + UrlRedactor.redact(url)
                + "; supported schemes: " + String.join(", ", known) + advice);
    }

    static String schemeOf(String url) throws DriverException {
        int colon = url == null ? -1 : url.indexOf(':');
        if (colon <= 0) {
            throw new DriverException(
                    "'" + UrlRedactor.redact(url) + "' is not a URL: expected e.g. " + "amqp://host:5672/test.queue");
        }
        return url.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    }
}
