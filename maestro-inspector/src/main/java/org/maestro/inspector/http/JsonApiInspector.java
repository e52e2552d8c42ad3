package org.maestro.inspector.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.AbstractInspector;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.csv.DataSet;

/**
 * What the inspectors of an HTTP JSON management API share (NATS's monitoring port, RabbitMQ's management API): the
 * {@link JsonHttpClient} that polls it, the address of the API from the URL, the connect check that the API is the
 * expected one, the facts learned and the numbers read from its documents. A subclass says which documents a poll
 * reads. One poll at a time; {@link #close()} may be called from another thread to abort one.
 */
public abstract class JsonApiInspector extends AbstractInspector {
    /** The API's client. */
    protected final JsonHttpClient api;

    /**
     * @param base    the http(s) address of the API (see {@link #apiBase})
     * @param product what answers there, for messages, e.g. {@code the RabbitMQ management API (…)}
     * @param sutName the {@code sut.product} fact, e.g. {@code RabbitMQ}
     */
    protected JsonApiInspector(
            String name,
            List<DataSet> dataSets,
            ManagementUrl url,
            URI base,
            Duration timeout,
            String product,
            String sutName) {
        super(name, dataSets, sutName);
        this.api = new JsonHttpClient(url, base, timeout, product);
    }

    /**
     * The http(s) address of an API for a URL: {@code http(s)://…}, or {@code <prefix>http(s)://…} with the prefix
     * dropped; the URL's path, without a trailing slash, or {@code defaultPath} when it has none.
     */
    public static URI apiBase(ManagementUrl url, String prefix, String defaultPath) {
        URI address = url.address();
        String scheme = url.scheme().startsWith(prefix) ? url.scheme().substring(prefix.length()) : url.scheme();
        String path = address.getPath() == null
                        || address.getPath().isEmpty()
                        || address.getPath().equals("/")
                ? defaultPath
                : address.getPath();
        return URI.create(scheme + "://" + address.getHost() + (address.getPort() < 0 ? "" : ":" + address.getPort())
                + (path.endsWith("/") ? path.substring(0, path.length() - 1) : path));
    }

    /**
     * GETs {@code path} and returns it when it has {@code field}, which only the expected API's answer has; else
     * throws a {@code BAD_REPLY}: {@code the <path> of <where> names no <field>; is MANAGEMENT_INTERFACE <expected>?}
     */
    protected final JsonNode identify(String path, String field, String where, String expected)
            throws InspectionException {
        JsonNode document = api.get(path);
        if (!document.has(field)) {
            throw new InspectionException(
                    InspectionException.Kind.BAD_REPLY,
                    "the " + path + " of " + where + " names no " + field + "; is MANAGEMENT_INTERFACE " + expected
                            + "?");
        }
        return document;
    }

    /** A number the API reports, or null (an empty cell) when it does not. */
    protected static Object number(JsonNode parent, String field) {
        JsonNode value = parent.path(field);
        return value.isNumber() ? value.numberValue() : null;
    }

    @Override
    public final void close() {
        api.close();
    }
}
