"""Writes Tests/MarketDomainTests/Fixtures/indicators.json: 300 seeded closes and what the `ta`
library (bukosabino/ta 0.11, on pandas) computes over them, the reference Sise's indicators are
pinned to (issue 30). Run once: python3 -m venv /tmp/ta && /tmp/ta/bin/pip install ta pandas &&
/tmp/ta/bin/python scripts/indicator-fixture.py. Values the library leaves undefined are null."""
import json
import math
import random

import pandas as pd
from ta.momentum import RSIIndicator
from ta.trend import MACD, EMAIndicator, SMAIndicator
from ta.volatility import BollingerBands

random.seed(30)
price = 100_000.0
closes = []
for _ in range(300):
    price *= math.exp(random.gauss(0, 0.01))
    closes.append(round(price, 1))
close = pd.Series(closes)


def values(series):
    return [None if pd.isna(value) else float(value) for value in series]


bands = BollingerBands(close, window=20, window_dev=2)
macd = MACD(close, window_slow=26, window_fast=12, window_sign=9)
fixture = {
    "source": "ta 0.11.0 on pandas: SMAIndicator, EMAIndicator, BollingerBands(20, 2), RSIIndicator(14), MACD(12, 26, 9)",
    "closes": closes,
    "sma20": values(SMAIndicator(close, 20).sma_indicator()),
    "ema20": values(EMAIndicator(close, 20).ema_indicator()),
    "bollingerMiddle": values(bands.bollinger_mavg()),
    "bollingerUpper": values(bands.bollinger_hband()),
    "bollingerLower": values(bands.bollinger_lband()),
    "rsi14": values(RSIIndicator(close, 14).rsi()),
    "macd": values(macd.macd()),
    "macdSignal": values(macd.macd_signal()),
    "macdHistogram": values(macd.macd_diff()),
}
with open("Tests/MarketDomainTests/Fixtures/indicators.json", "w") as file:
    json.dump(fixture, file)
