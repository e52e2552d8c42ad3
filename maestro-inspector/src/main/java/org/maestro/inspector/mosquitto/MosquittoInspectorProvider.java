package org.maestro.inspector.mosquitto;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/** The {@code mosquitto} inspector: a Mosquitto broker through its {@code $SYS/#} topics; claims mqtt and mqtts. */
public final class MosquittoInspectorProvider implements InspectorProvider {

    @Override
    public String name() {
        return MosquittoInspector.NAME;
    }

    @Override
    public String description() {
        return "a Mosquitto broker, through its $SYS topics";
    }

    @Override
    public String exampleUrl() {
        return "mqtt://broker:1883";
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.scheme().equals("mqtt") || url.scheme().equals("mqtts");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        return new MosquittoInspector(url, requestTimeout);
    }
}
