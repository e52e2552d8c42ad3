package org.maestro.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.maestro.base.net.UrlRedactor;

/**
 * The query options of a destination URL ({@code ?name=value&…}), read by the drivers' URL parsers: values by name,
 * checked values (booleans, choices, counts) and the refusal of unknown options, each with a message that names the
 * URL redacted. A name given twice keeps its last value. Immutable.
 */
public final class QueryOptions {
    private final String shownUrl;
    private final Map<String, String> raw;

    private QueryOptions(String shownUrl, Map<String, String> raw) {
        this.shownUrl = shownUrl;
        this.raw = Collections.unmodifiableMap(raw);
    }

    /**
     * The options of {@code rawQuery} (the part after {@code ?}, still percent-encoded; null or empty for none) of
     * {@code url}, which messages show redacted.
     */
    public static QueryOptions parse(String url, String rawQuery) {
        Map<String, String> options = new LinkedHashMap<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                if (!pair.isEmpty()) {
                    int equals = pair.indexOf('=');
                    String name = equals < 0 ? pair : pair.substring(0, equals);
                    options.put(name, equals < 0 ? "" : pair.substring(equals + 1));
                }
            }
        }
        return new QueryOptions(UrlRedactor.redact(url), options);
    }

    /** The URL as messages show it: user information and password options replaced by {@code ***}. */
    public String shownUrl() {
        return shownUrl;
    }

    /** Every option, name to value as written (percent-encoded), in the order of the query. */
    public Map<String, String> raw() {
        return raw;
    }

    /** True when the query has the option. */
    public boolean has(String name) {
        return raw.containsKey(name);
    }

    /** The percent-decoded value of an option, or {@code absent} when the query does not have it. */
    public String text(String name, String absent) {
        String value = raw.get(name);
        return value == null ? absent : URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    /** The value {@code true} or {@code false} (any case) of an option, or {@code absent}. */
    public boolean bool(String name, boolean absent) throws DriverException {
        return has(name) ? choice(name, List.of("true", "false"), null).equals("true") : absent;
    }

    /** The value, in lower case, of an option that must be one of {@code accepted}, or {@code absent}. */
    public String choice(String name, List<String> accepted, String absent) throws DriverException {
        if (!has(name)) {
            return absent;
        }
        String value = text(name, "");
        String lower = value.toLowerCase(Locale.ROOT);
        if (!accepted.contains(lower)) {
            throw invalid(name, value, String.join(" or ", accepted));
        }
        return lower;
    }

    /** The value of an option that counts messages, from 1 to {@code max}, or {@code absent}. */
    public int count(String name, int max, int absent) throws DriverException {
        if (!has(name)) {
            return absent;
        }
        String value = text(name, "");
        if (value.matches("\\d{1,9}") && Integer.parseInt(value) > 0 && Integer.parseInt(value) <= max) {
            return Integer.parseInt(value);
        }
        throw invalid(name, value, "a number of messages from 1 to " + max);
    }

    /**
     * The value of an option that names something on the server (a subscription, a queue group, a consumer group):
     * 1 to 200 letters, digits, {@code .}, {@code _} or {@code -}; or {@code absent}. {@code example} is a valid
     * value for the error message (e.g. {@code sub-{s}}).
     */
    public String name(String name, String example, String absent) throws DriverException {
        if (!has(name)) {
            return absent;
        }
        String value = text(name, "");
        if (!value.matches("[A-Za-z0-9._-]{1,200}")) {
            throw invalid(
                    name,
                    value,
                    "1 to 200 letters, digits, '.', '_' or '-', e.g. " + name + "=" + example
                            + " ({s} is replaced by the subscription number)");
        }
        return value;
    }

    /**
     * The error for an option that does not go with the rest of the URL: names the option, the URL, why, and a
     * valid URL of the same kind, e.g. {@code option subscription in URL amqp://h/q?type=queue&subscription=s does
     * not apply: a queue has no subscriptions; write e.g. amqp://host:5672/orders?type=topic&subscription=sub-{s}}.
     */
    public DriverException misplaced(String name, String why, String example) {
        return new DriverException(
                "option " + name + " in URL " + shownUrl + " does not apply: " + why + "; write e.g. " + example);
    }

    /** The error for an option whose value is not valid: names the option, its value, the URL and what is expected. */
    public DriverException invalid(String name, String value, String expected) {
        return new DriverException(
                "option " + name + "=" + value + " in URL " + shownUrl + " is not valid: expected " + expected);
    }

    /**
     * Refuses the first option that is not in {@code known}, naming it and listing the known ones.
     *
     * @throws DriverException {@code unknown option 'x' in URL …; known options: a, b (see docs/drivers.md)}
     */
    public void refuseUnknown(List<String> known) throws DriverException {
        refuseUnknown(known, name -> false, "");
    }

    /**
     * Refuses the first option that is neither in {@code known} nor {@code passedOn} (options the driver hands to
     * its client library), naming it, listing the known ones and then {@code passedOnText} after a comma.
     */
    public void refuseUnknown(List<String> known, Predicate<String> passedOn, String passedOnText)
            throws DriverException {
        for (String name : raw.keySet()) {
            if (!known.contains(name) && !passedOn.test(name)) {
                throw new DriverException("unknown option '" + name + "' in URL " + shownUrl + "; known options: "
                        + String.join(", ", known) + (passedOnText.isEmpty() ? "" : ", " + passedOnText)
                        + " (see docs/drivers.md)");
            }
        }
    }
}
