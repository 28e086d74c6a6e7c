constexpr double kFactor = 2.0;
