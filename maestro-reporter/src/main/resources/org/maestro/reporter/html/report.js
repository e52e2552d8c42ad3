/* Renders the charts described in the page's JSON (element #maestro-charts) with ECharts. */
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (event) {
    errors.push(String(event.message));
    document.body.setAttribute('data-errors', errors.join(' | '));
  });

  var BAND_COLORS = {
    'warmup': 'rgba(140, 150, 170, 0.16)',
    'action': 'rgba(242, 153, 0, 0.20)',
    'action-failed': 'rgba(207, 34, 46, 0.20)',
    'recovery': 'rgba(46, 160, 67, 0.14)',
    'phase': 'rgba(64, 120, 200, 0.10)',
    'phase-alt': 'rgba(64, 160, 120, 0.10)'
  };
  var BAND_KINDS = {
    'warmup': 'warm-up', 'phase': 'rate profile', 'phase-alt': 'rate profile', 'recovery': 'recovery'
  };

  /* Text for a tooltip, which ECharts inserts as HTML: names and values from the results are text, never markup. */
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function si(value) {
    var abs = Math.abs(value);
    if (abs >= 1e9) { return trim(value / 1e9) + ' G'; }
    if (abs >= 1e6) { return trim(value / 1e6) + ' M'; }
    if (abs >= 1e4) { return trim(value / 1e3) + ' k'; }
    return trim(value);
  }
  function bytes(value) {
    var abs = Math.abs(value);
    if (abs >= 1073741824) { return round(value / 1073741824, 2) + ' GiB'; }
    if (abs >= 1048576) { return round(value / 1048576, 1) + ' MiB'; }
    if (abs >= 1024) { return round(value / 1024, 1) + ' KiB'; }
    return trim(value) + ' B';
  }
  function round(value, decimals) {
    var scale = Math.pow(10, decimals);
    return String(Math.round(value * scale) / scale);
  }
  function trim(value) {
    return String(Math.round(value * 1000) / 1000);
  }
  function formatter(unit) {
    if (unit === 'bytes') { return bytes; }
    if (unit === 'ms') { return function (v) { return trim(v) + ' ms'; }; }
    if (unit === 'msg/s') { return function (v) { return si(v); }; }
    if (unit === '%') { return function (v) { return trim(v) + ' %'; }; }
    if (unit === '/s') { return function (v) { return si(v) + '/s'; }; }
    if (unit === 's') { return function (v) { return si(v) + ' s'; }; }
    return si;
  }
  function tooltipFormatter(unit) {
    if (unit === 'bytes') { return bytes; }
    if (unit === 'ms') { return function (v) { return v == null ? '-' : v.toFixed(3) + ' ms'; }; }
    if (unit === 'msg/s') { return function (v) { return v == null ? '-' : v.toLocaleString('en-US') + ' msg/s'; }; }
    if (unit === '%' || unit === '/s' || unit === 's') {
      return function (v) { return v == null ? '-' : v.toLocaleString('en-US') + (unit === '/s' ? '/s' : ' ' + unit); };
    }
    return function (v) { return v == null ? '-' : v.toLocaleString('en-US'); };
  }
  /* The label of a category axis at a data index, or the value itself when it is a label already. */
  function axisLabel(labels, value) {
    return typeof value === 'number' && labels && labels[value] != null ? labels[value] : value;
  }
  function ninesLabel(x) {
    if (x <= 1) { return '0%'; }
    var percentile = (1 - 1 / x) * 100;
    return String(Math.round(percentile * 10000) / 10000) + '%';
  }

  function bandSeries(spec) {
    if (!spec.bands || spec.bands.length === 0) { return null; }
    var kinds = spec.bands.map(function (band) { return BAND_KINDS[band.kind] || 'agent actions'; });
    return {
      name: kinds.filter(function (k, i) { return kinds.indexOf(k) === i; }).join(' / '),
      type: 'line',
      data: [],
      silent: true,
      markArea: {
        silent: false,
        label: { show: true, position: 'insideTop', color: '#5d6778', fontSize: 11 },
        data: spec.bands.map(function (band) {
          var to = band.to > band.from ? band.to : band.from + 1000;
          return [
            {
              name: band.label,
              xAxis: band.from,
              itemStyle: { color: BAND_COLORS[band.kind] || BAND_COLORS.action },
              /* a recovery follows its action's band: its label goes at the bottom, clear of the action's */
              label: band.kind === 'recovery' ? { position: 'insideBottom' } : undefined
            },
            { xAxis: to }
          ];
        })
      }
    };
  }

  /* Points above a clipped y axis (spec.yMax) are drawn at its top edge, labelled with their value. */
  /* Only the largest clipped value of the chart is labelled, so labels never pile up; the others are marks. */
  function clippedPoints(spec, s) {
    if (spec.yMax == null) { return undefined; }
    var format = tooltipFormatter(spec.unit);
    var largest = -Infinity;
    spec.series.forEach(function (other) {
      if (other.hidden) { return; }
      other.points.forEach(function (p) { if (p[1] != null && p[1] > largest) { largest = p[1]; } });
    });
    var above = s.points.filter(function (p) { return p[1] != null && p[1] > spec.yMax; });
    if (above.length === 0) { return undefined; }
    var labelled = false;
    return {
      symbol: 'triangle', symbolSize: 8, symbolOffset: [0, -4], silent: false,
      data: above.slice(0, 50).map(function (p) {
        var label = !labelled && p[1] === largest;
        labelled = labelled || label;
        return { coord: [p[0], spec.yMax], value: p[1],
                 label: { show: label, position: 'right', fontSize: 10, color: '#5d6778',
                          formatter: function (item) { return 'max ' + format(item.value); } } };
      })
    };
  }

  /*
   * "SUT (url) — data set: column" shows what is drawn first and the SUT after it, so a title cut at the chart's
   * width keeps the data set and column; the whole title stays in the element's data-title.
   */
  function displayTitle(title) {
    var at = title.indexOf(' \u2014 ');
    return at > 0 ? title.substring(at + 3) + '  \u00b7  ' + title.substring(0, at) : title;
  }

  /*
   * A legend of a few entries wraps onto as many lines as it needs, all visible; a long one scrolls. The plot starts
   * below it.
   */
  function legendFor(series, selected, width) {
    var available = Math.max(200, (width || 600) - 100);
    var rows = 1;
    var used = 0;
    series.forEach(function (s) {
      var item = 34 + String(s.name).length * 6.5;
      if (used > 0 && used + item > available) { rows++; used = 0; }
      used += item;
    });
    if (series.length <= 10 && rows <= 3) {
      return { option: { type: 'plain', top: 26, left: 6, right: 90, selected: selected, itemGap: 8 },
               top: 42 + rows * 22 };
    }
    return { option: { type: 'scroll', top: 26, left: 6, right: 90, selected: selected }, top: 64 };
  }

  /* Time charts may open on the measured period (viewFrom); the y axis then fits what is shown. */
  function timeZoom(spec) {
    var window = spec.viewFrom ? { startValue: spec.viewFrom, filterMode: 'filter' } : { filterMode: 'none' };
    var inside = { type: 'inside' };
    var slider = { type: 'slider', height: 16, bottom: 8 };
    Object.keys(window).forEach(function (key) { inside[key] = window[key]; slider[key] = window[key]; });
    return [inside, slider];
  }

  /* The study kinds: 'value' (x: offered load), 'heatmap' (labelled cells) and 'boxplot' (a box per cell). */
  function studyOption(spec, width) {
    var axes = spec.axes || {};
    var valueFormat = tooltipFormatter(spec.unit);
    var selected = {};
    spec.series.forEach(function (s) { selected[s.name] = !s.hidden; });
    var base = {
      animation: false,
      title: { text: displayTitle(spec.title), left: 6, top: 2, textStyle: { fontSize: 14, fontWeight: 600, color: '#1d2430',
               width: Math.max(160, (width || 600) - 150), overflow: 'truncate' } },
      toolbox: { right: 8, top: 0, feature: { restore: {}, saveAsImage: {} } }
    };
    if (spec.kind === 'heatmap') {
      var values = spec.series[0].points.map(function (p) { return p[2]; });
      base.tooltip = { position: 'top', formatter: function (item) {
        return esc(axes.xName) + ' ' + esc(axisLabel(axes.xLabels, item.value[0])) + ', ' + esc(axes.yName) + ' '
          + esc(axisLabel(axes.yLabels, item.value[1])) + ': ' + esc(valueFormat(item.value[2]));
      } };
      base.grid = { left: 12, right: 24, top: 56, bottom: 64, containLabel: true };
      base.xAxis = { type: 'category', data: axes.xLabels, name: axes.xName, nameLocation: 'middle', nameGap: 28, splitArea: { show: true } };
      base.yAxis = { type: 'category', data: axes.yLabels, name: axes.yName, splitArea: { show: true } };
      base.visualMap = { min: 0, max: Math.max(1, Math.max.apply(null, values.concat([0]))), calculable: true,
                         orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 120,
                         inRange: { color: ['#f4f8fb', '#f29900', '#cf222e'] }, formatter: function (v) { return trim(v) + ' %'; } };
      base.series = [{ name: spec.series[0].name, type: 'heatmap', data: spec.series[0].points,
                       label: { show: true, formatter: function (item) { return trim(item.value[2]); } } }];
      return base;
    }
    var legend = legendFor(spec.series, selected, width);
    base.legend = legend.option;
    base.grid = { left: 12, right: 24, top: legend.top + 18, bottom: spec.kind === 'boxplot' ? 64 : 40, containLabel: true };
    base.yAxis = { type: 'value', name: axes.yName, nameTextStyle: { align: 'left' }, axisLabel: { formatter: formatter(spec.unit) }, scale: spec.kind === 'boxplot' };
    if (spec.kind === 'boxplot') {
      base.tooltip = { trigger: 'item', confine: true, formatter: function (item) {
        if (item.seriesType === 'boxplot') {
          var v = item.value.slice(-5);
          return esc(item.name) + '<br>min ' + esc(valueFormat(v[0])) + '<br>q1 ' + esc(valueFormat(v[1]))
            + '<br>median ' + esc(valueFormat(v[2])) + '<br>q3 ' + esc(valueFormat(v[3])) + '<br>max ' + esc(valueFormat(v[4]));
        }
        return esc(item.value[0]) + ': ' + esc(valueFormat(item.value[1]));
      } };
      base.xAxis = { type: 'category', data: axes.xLabels, name: axes.xName, nameLocation: 'middle', nameGap: 44,
                     axisLabel: { interval: 0, rotate: axes.xLabels.length > 4 ? 20 : 0, fontSize: 10 } };
      base.dataZoom = [{ type: 'inside', filterMode: 'none' }];
      base.series = spec.series.map(function (s, i) {
        return i === 0
          ? { name: s.name, type: 'boxplot', data: s.points.map(function (p) { return { name: p[0], value: p.slice(1) }; }) }
          : { name: s.name, type: 'scatter', symbolSize: 6, data: s.points };
      });
      return base;
    }
    base.tooltip = { trigger: 'axis', confine: true, axisPointer: { type: 'cross', label: { show: false } },
                     valueFormatter: valueFormat };
    base.xAxis = { type: 'value', name: axes.xName, nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: si } };
    base.dataZoom = [{ type: 'inside', filterMode: 'none' }];
    base.series = spec.series.map(function (s) {
      return { name: s.name, type: 'line', data: s.points, showSymbol: true, symbolSize: 6,
               lineStyle: { width: s.dashed ? 1.4 : 1.8, type: s.dashed ? 'dashed' : 'solid' }, emphasis: { focus: 'series' } };
    });
    return base;
  }

  function option(spec, width) {
    if (spec.kind === 'value' || spec.kind === 'heatmap' || spec.kind === 'boxplot') { return studyOption(spec, width); }
    var selected = {};
    var series = spec.series.map(function (s) {
      selected[s.name] = !s.hidden;
      return {
        name: s.name,
        type: spec.kind === 'category' ? 'bar' : 'line',
        data: s.points,
        showSymbol: spec.kind !== 'time',
        symbolSize: 4,
        barMaxWidth: 56,
        sampling: spec.kind === 'time' ? 'lttb' : undefined,
        lineStyle: { width: s.dashed ? 2 : 1.6, type: s.dashed ? 'dashed' : 'solid' },
        emphasis: { focus: 'series' },
        markPoint: clippedPoints(spec, s)
      };
    });
    var bands = bandSeries(spec);
    if (bands) { series.push(bands); }
    var xAxis;
    if (spec.kind === 'nines') {
      xAxis = { type: 'log', logBase: 10, min: 1, name: 'percentile', nameLocation: 'middle', nameGap: 28,
                axisLabel: { formatter: ninesLabel }, splitLine: { show: true } };
    } else if (spec.kind === 'category') {
      xAxis = { type: 'category', name: 'iteration', nameLocation: 'middle', nameGap: 28 };
    } else {
      xAxis = { type: 'time', splitNumber: Math.max(3, Math.floor((width || 600) / 120)),
                axisLabel: { hideOverlap: true } };
    }
    var valueFormat = tooltipFormatter(spec.unit);
    var legend = legendFor(series, selected, width);
    return {
      animation: false,
      title: { text: displayTitle(spec.title), left: 6, top: 2, textStyle: { fontSize: 14, fontWeight: 600, color: '#1d2430',
               width: Math.max(160, (width || 600) - 150), overflow: 'truncate' } },
      tooltip: {
        trigger: 'axis',
        confine: true,
        axisPointer: { type: 'cross', label: { show: false } },
        valueFormatter: valueFormat,
        formatter: spec.kind === 'nines' ? function (items) {
          var lines = ['p' + ninesLabel(items[0].value[0]).replace('%', '')];
          items.forEach(function (item) {
            lines.push(item.marker + esc(item.seriesName) + ': ' + esc(valueFormat(item.value[1])));
          });
          return lines.join('<br>');
        } : undefined
      },
      legend: legend.option,
      toolbox: { right: 8, top: 0, feature: { dataZoom: { yAxisIndex: 'none' }, restore: {}, saveAsImage: {} } },
      grid: { left: 12, right: spec.kind === 'nines' ? 44 : 24, top: legend.top, bottom: spec.kind === 'time' ? 54 : 40,
              containLabel: true },
      dataZoom: spec.kind === 'time' ? timeZoom(spec) : [{ type: 'inside', filterMode: 'none' }],
      xAxis: xAxis,
      yAxis: { type: 'value', max: spec.yMax == null ? undefined : spec.yMax,
               axisLabel: { formatter: formatter(spec.unit) } },
      series: series
    };
  }

  function render() {
    var data = document.getElementById('maestro-charts');
    if (!data) { return; }
    if (typeof echarts === 'undefined') {
      document.body.setAttribute('data-errors', 'charting library not loaded (echarts.min.js missing?)');
      return;
    }
    var charts = [];
    JSON.parse(data.textContent).forEach(function (spec) {
      var element = document.getElementById(spec.id);
      if (!element) { return; }
      var chart = echarts.init(element, null, { renderer: 'canvas' });
      chart.on('finished', function () { element.setAttribute('data-rendered', 'true'); });
      chart.setOption(option(spec, element.clientWidth));
      charts.push(chart);
    });
    window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', render);
  } else {
    render();
  }
})();
