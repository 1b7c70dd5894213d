//! [`Metrics`]: what `/metrics` reports in Prometheus text format, and the
//! middleware that counts every request by route and status.

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use prometheus::{
    Encoder, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry,
};
use std::sync::Arc;
use std::time::Instant;

/// The service's counters, gauges and histograms, in one registry.
#[derive(Clone, Debug)]
pub struct Metrics {
    registry: Registry,
    /// Requests answered, by route, method and status.
    pub requests: IntCounterVec,
    /// Request latency in seconds (to the response's head), by route.
    pub latency: HistogramVec,
    /// Engines of the pool searching now.
    pub engines_in_use: IntGauge,
    /// Engines in the pool.
    pub engines: IntGauge,
    /// Searches run.
    pub searches: IntCounter,
    /// Searches whose request asked for more than the server's limits
    /// (or for no limit) and was capped.
    pub searches_capped: IntCounter,
    /// Requests turned away with 503 because every engine stayed busy.
    pub busy: IntCounter,
    /// Handlers that panicked (each answered 500).
    pub panics: IntCounter,
    /// Search time of finished searches, in seconds.
    pub search_seconds: Histogram,
    /// Game reviews waiting for a review engine.
    pub reviews_waiting: IntGauge,
    /// Positions searched for game reviews.
    pub review_positions: IntCounter,
}

impl Metrics {
    /// A fresh registry with every metric at zero.
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new("ox88_http_requests_total", "HTTP requests answered, by route, method and status"),
            &["route", "method", "status"],
        )
        .expect("a valid metric");
        let buckets = vec![0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];
        let latency = HistogramVec::new(
            HistogramOpts::new("ox88_http_request_duration_seconds", "Time to answer a request's head, by route")
                .buckets(buckets.clone()),
            &["route"],
        )
        .expect("a valid metric");
        let gauge = |name: &str, help: &str| IntGauge::new(name, help).expect("a valid metric");
        let counter = |name: &str, help: &str| IntCounter::new(name, help).expect("a valid metric");
        let metrics = Metrics {
            requests,
            latency,
            engines_in_use: gauge("ox88_engines_in_use", "Engines of the pool searching now"),
            engines: gauge("ox88_engines", "Engines in the pool"),
            searches: counter("ox88_searches_total", "Searches run"),
            searches_capped: counter(
                "ox88_searches_capped_total",
                "Searches capped by the server's limits on time, nodes, depth or lines",
            ),
            busy: counter("ox88_busy_total", "Requests answered 503 because every engine stayed busy"),
            panics: counter("ox88_panics_total", "Handlers that panicked, each answered 500"),
            search_seconds: Histogram::with_opts(
                HistogramOpts::new("ox88_search_duration_seconds", "Time of finished searches").buckets(buckets),
            )
            .expect("a valid metric"),
            reviews_waiting: gauge("ox88_reviews_waiting", "Game reviews waiting for a review engine"),
            review_positions: counter("ox88_review_positions_total", "Positions searched for game reviews"),
            registry,
        };
        let collectors: [Box<dyn prometheus::core::Collector>; 11] = [
            Box::new(metrics.requests.clone()),
            Box::new(metrics.latency.clone()),
            Box::new(metrics.engines_in_use.clone()),
            Box::new(metrics.engines.clone()),
            Box::new(metrics.searches.clone()),
            Box::new(metrics.searches_capped.clone()),
            Box::new(metrics.busy.clone()),
            Box::new(metrics.panics.clone()),
            Box::new(metrics.search_seconds.clone()),
            Box::new(metrics.reviews_waiting.clone()),
            Box::new(metrics.review_positions.clone()),
        ];
        for collector in collectors {
            metrics.registry.register(collector).expect("each metric registered once");
        }
        metrics
    }

    /// Every metric in Prometheus text format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut text = Vec::new();
        // Encoding into a Vec cannot fail on I/O; the metrics are valid.
        prometheus::TextEncoder::new().encode(&self.registry.gather(), &mut text).expect("metrics encode");
        String::from_utf8(text).expect("the text encoder writes UTF-8")
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// Middleware: counts the request by its route (the pattern, so the label
/// set stays bounded; `unmatched` for 404s), method and status, and times
/// it.
pub async fn track(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_owned();
    let method = request.method().clone();
    let started = Instant::now();
    let response = next.run(request).await;
    metrics.latency.with_label_values(&[&route]).observe(started.elapsed().as_secs_f64());
    metrics.requests.with_label_values(&[route.as_str(), method.as_str(), response.status().as_str()]).inc();
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric() {
        let metrics = Metrics::new();
        metrics.requests.with_label_values(&["/api/v1/position", "POST", "200"]).inc();
        metrics.panics.inc();
        let text = metrics.render();
        assert!(text.contains("ox88_http_requests_total{method=\"POST\",route=\"/api/v1/position\",status=\"200\"} 1"));
        assert!(text.contains("ox88_panics_total 1"), "{text}");
        assert!(text.contains("# TYPE ox88_engines_in_use gauge"), "{text}");
    }
}
