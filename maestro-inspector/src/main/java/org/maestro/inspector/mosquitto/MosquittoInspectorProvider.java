package org.maestro.inspector.mosquitto;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.DescribedInspectorProvider;
import org.maestro.inspector.Inspector;

/** The {@code mosquitto} inspector: a Mosquitto broker through its {@code $SYS/#} topics; claims mqtt and mqtts. */
public final class MosquittoInspectorProvider extends DescribedInspectorProvider {

    public MosquittoInspectorProvider() {
        super(new Description(
                MosquittoInspector.NAME, "a Mosquitto broker, through its $SYS topics", "mqtt://broker:1883"));
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.hasScheme("mqtt");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        return new MosquittoInspector(url, requestTimeout);
    }
}
